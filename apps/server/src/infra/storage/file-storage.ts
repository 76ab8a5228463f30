/**
 * Where files live (docs/product/system.md): original pictures, which stay private, and the
 * previews made from them. Keys are relative, slash-separated paths such as `originals/3fa9….` that
 * an adapter maps to a disk path (LocalDiskStorage) or an object name (S3Storage).
 */
/** How a write may be stopped: a generation attempt that ran out of time stores nothing more. */
export interface WriteOptions {
  signal?: AbortSignal;
}

export interface FileStorage {
  /**
   * Stores the bytes under the key, replacing what was there; readers see the old or the new file
   * whole. Once `signal` aborts the write rejects with its reason and leaves the key as it was.
   */
  put(key: string, bytes: Uint8Array, options?: WriteOptions): Promise<void>;
  /** The bytes under the key, or undefined when there are none. */
  get(key: string): Promise<Buffer | undefined>;
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
