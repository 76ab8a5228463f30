import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { ObjectStorageConfig } from '../../config.js';
import {
  assertStorageKey,
  type ByteRange,
  type FileStorage,
  type StoredFile,
  type WriteOptions,
} from './file-storage.js';

/**
 * Without limits the SDK waits for ever on a store that accepts the connection and never answers,
 * and every request reading a picture would hang with it; with them, it fails and retries.
 */
const CONNECTION_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;
const MAX_ATTEMPTS = 3;

/**
 * The production file storage (docs/product/system.md): one object per key in an S3-compatible
 * bucket, shared by every API and worker process, so that no two machines need a common disk. An
 * object is replaced whole by a PUT, so readers see the old or the new picture, never a mix.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor({ bucket, endpoint, region, forcePathStyle, credentials }: ObjectStorageConfig) {
    this.bucket = bucket;
    this.client = new S3Client({
      endpoint,
      region,
      forcePathStyle,
      credentials,
      maxAttempts: MAX_ATTEMPTS,
      requestHandler: {
        connectionTimeout: CONNECTION_TIMEOUT_MS,
        requestTimeout: REQUEST_TIMEOUT_MS,
      },
    });
  }

  async put(key: string, bytes: Uint8Array, { signal }: WriteOptions = {}): Promise<void> {
    signal?.throwIfAborted();
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: assertStorageKey(key), Body: bytes }),
      signal ? { abortSignal: signal } : {},
    );
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: assertStorageKey(key) }),
      );
      // A 200 always carries a body; without one, an empty Buffer would pass for an empty file.
      if (!answer.Body) throw new Error(`S3 answered ${key} without a body`);
      const bytes = await answer.Body.transformToByteArray();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (err) {
      // Only a missing key is "no file"; a missing bucket (NoSuchBucket) or refused access is a fault.
      if (err instanceof NoSuchKey) return undefined;
      throw err;
    }
  }

  async open(key: string): Promise<StoredFile | undefined> {
    let head;
    try {
      head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: assertStorageKey(key) }),
      );
    } catch (err) {
      if (err instanceof NotFound) return undefined;
      throw err;
    }
    const { ContentLength: size, ETag: etag } = head;
    if (size === undefined || etag === undefined) {
      throw new Error(`S3 answered ${key} without its length or ETag`);
    }
    // Every read asks for the version the HEAD saw: a file replaced since fails, never mixes.
    return {
      size,
      etag,
      head: async (length) =>
        size === 0
          ? Buffer.alloc(0)
          : this.body(key, etag, { start: 0, end: Math.min(length, size) - 1 }),
      stream: (range) => Readable.from(this.chunks(key, etag, range), { objectMode: false }),
      // Nothing is held open between the HEAD and a read.
      close: async () => undefined,
    };
  }

  /** The bytes of one version of an object, all or a range of them, read whole. */
  private async body(key: string, etag: string, range?: ByteRange): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.chunks(key, etag, range)) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  private async *chunks(key: string, etag: string, range?: ByteRange): AsyncGenerator<Buffer> {
    const answer = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: assertStorageKey(key),
        IfMatch: etag,
        Range: range && `bytes=${range.start}-${range.end}`,
      }),
    );
    // In Node the SDK answers with a Readable; anything else would be a different runtime.
    if (!(answer.Body instanceof Readable)) throw new Error(`S3 answered ${key} without a stream`);
    // Ending early (a client gone) returns this generator, which destroys the SDK's stream.
    for await (const chunk of answer.Body) yield Buffer.from(chunk as Uint8Array);
  }

  async has(key: string): Promise<boolean> {
    try {
      await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: assertStorageKey(key) }),
      );
      return true;
    } catch (err) {
      // A HEAD answer has no body, so a missing bucket reads as NotFound too: `check` at start-up
      // is what tells a wrong bucket name apart.
      if (err instanceof NotFound) return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 whether or not the key existed.
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.bucket, Key: assertStorageKey(key) }),
    );
  }

  async *keys(): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      // S3's answers name the problem (NotFound, Forbidden); a network failure is a plain Error.
      const reason =
        err instanceof Error ? (err.name === 'Error' ? err.message : err.name) : String(err);
      throw new Error(`S3 bucket "${this.bucket}" cannot be reached: ${reason}`, { cause: err });
    }
  }
}
