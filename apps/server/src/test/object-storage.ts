// An S3-compatible server on a free local port (s3rver), as the SMTP tests use a real SMTP server:
// the S3 adapter speaks real HTTP to it, and tests look into the bucket through their own client.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { ObjectStorageConfig } from '../config.js';

export interface ObjectStorageServer {
  /** A bucket that exists, reached with the server's one account. */
  readonly config: ObjectStorageConfig;
  /** The same as S3_* variables, for a server process or `loadConfig`. */
  readonly env: Readonly<Record<string, string>>;
  close(): Promise<void>;
}

/** s3rver's built-in account: any other access key id is refused (InvalidAccessKeyId). */
const ACCOUNT = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export async function startObjectStorage(bucket = 'pictura-test'): Promise<ObjectStorageServer> {
  const directory = await mkdtemp(join(tmpdir(), 'pictura-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    config: {
      bucket,
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { ...ACCOUNT },
    },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: ACCOUNT.accessKeyId,
      S3_SECRET_ACCESS_KEY: ACCOUNT.secretAccessKey,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
