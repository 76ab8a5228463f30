// The S3 adapter against a real S3-compatible server on this machine (s3rver): the same promises as
// the local disk, and a clear failure, never "no such file", when the bucket or the account is wrong.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itKeepsTheFileStorageContract } from '../../test/file-storage-contract.js';
import { startObjectStorage, type ObjectStorageServer } from '../../test/object-storage.js';
import { S3Storage } from './index.js';

describe('S3Storage', () => {
  let server: ObjectStorageServer;
  let storage: S3Storage;

  beforeAll(async () => {
    server = await startObjectStorage();
    storage = new S3Storage(server.config);
  });
  afterAll(async () => {
    await server.close();
  });

  itKeepsTheFileStorageContract(() => storage);

  it('fails loudly on a bucket that does not exist, instead of reporting files as missing', async () => {
    const wrongBucket = new S3Storage({ ...server.config, bucket: 'no-such-bucket' });

    await expect(wrongBucket.check()).rejects.toThrow(
      'S3 bucket "no-such-bucket" cannot be reached: NotFound',
    );
    await expect(wrongBucket.get('originals/abc')).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
    await expect(wrongBucket.put('originals/abc', Buffer.from('x'))).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
  });

  it('sends the configured account, and a refused one fails the call', async () => {
    const stranger = new S3Storage({
      ...server.config,
      credentials: { accessKeyId: 'NOT-AN-ACCOUNT', secretAccessKey: 'whatever' },
    });

    await expect(stranger.put('originals/abc', Buffer.from('x'))).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
    });
    await expect(stranger.get('originals/abc')).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
    });
  });

  it('fails within its retries when nothing answers at the endpoint', async () => {
    const closed = await startObjectStorage('closed');
    const gone = new S3Storage(closed.config);
    await closed.close();

    await expect(gone.get('originals/abc')).rejects.toThrow(/ECONNREFUSED/);
    await expect(gone.check()).rejects.toThrow(/cannot be reached: connect ECONNREFUSED/);
  });
});
