/**
 * Where files live (docs/product/system.md): original pictures, which stay private, and the
 * previews made from them. Keys are relative, slash-separated paths such as `originals/3fa9….` that
 * an adapter maps to a disk path (LocalDiskStorage) or an object name (S3Storage).
 */
import type { Readable } from 'node:stream';

/** How a write may be stopped: a generation attempt that ran out of time stores nothing more. */
export interface WriteOptions {
  signal?: AbortSignal;
}

/** Bytes `start` to `end` of a file, both counted, as an HTTP range names them. */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/**
 * A stored file opened to be sent: its size and version are known before a byte of it is read,
 * so an answer can announce its length and range, then stream the bytes without holding them.
 */
export interface StoredFile {
  /** The whole file's size in bytes. */
  readonly size: number;
  /** Names this version of the file, quoted as an HTTP ETag: a replaced file gets another. */
  readonly etag: string;
  /** Up to `length` bytes from the start of the file: enough to tell what kind of file it is. */
  head(length: number): Promise<Buffer>;
  /** The file's bytes, all or `range` of them (within `size`); call it once, or `close`. */
  stream(range?: ByteRange): Readable;
  /** Lets the file go without streaming it. */
  close(): Promise<void>;
}

export interface FileStorage {
  /**
   * Stores the bytes under the key, replacing what was there; readers see the old or the new file
   * whole. Once `signal` aborts the write rejects with its reason and leaves the key as it was.
   */
  put(key: string, bytes: Uint8Array, options?: WriteOptions): Promise<void>;
  /** The bytes under the key, or undefined when there are none. */
  get(key: string): Promise<Buffer | undefined>;
  /** The file under the key opened for streaming, or undefined when there is none. */
  open(key: string): Promise<StoredFile | undefined>;
  has(key: string): Promise<boolean>;
  /** Removes the key; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Fails, naming the reason, when files cannot be stored (no such bucket, no write access). */
  check(): Promise<void>;
  /** Every key stored, in no promised order (the backup lists the store with it). */
  keys(): AsyncIterable<string>;
}

// Lower-case letters, digits, dot, dash and underscore per segment, no segment starting with a dot:
// no `..`, no absolute path, no backslash, nothing a file system or an object store reads specially.
const KEY_PATTERN = /^[a-z0-9_-][a-z0-9._-]*(\/[a-z0-9_-][a-z0-9._-]*)*$/;

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** Throws unless the key is a safe relative path (the adapters call it; callers may too). */
export function assertStorageKey(key: string): string {
  if (key.length > 512 || !KEY_PATTERN.test(key)) throw new InvalidStorageKeyError(key);
  return key;
}
