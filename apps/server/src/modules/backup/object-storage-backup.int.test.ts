// A shop whose pictures are in an S3-compatible bucket: the backup lists the bucket and copies
// every object; the restore puts them, byte for byte, into another, empty bucket, and refuses a
// bucket that already holds objects. (The database side is the same as on the local disk.)
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite } from '../../infra/db/index.js';
import { createFileStorage } from '../../infra/storage/index.js';
import { storedFiles } from '../../test/backup.js';
import { testConfig } from '../../test/index.js';
import { startObjectStorage, type ObjectStorageServer } from '../../test/object-storage.js';
import { backUp, restore } from './index.js';

describe('backup and restore of a shop on object storage', () => {
  let root: string;
  let source: ObjectStorageServer;
  let target: ObjectStorageServer;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'pictura-s3-backup-'));
    source = await startObjectStorage('shop-pictures');
    target = await startObjectStorage('restored-pictures');
    const template = await readFile(inject('pgliteTemplateFile'));
    const database = await openPglite({
      dataDir: join(root, 'shop', 'db'),
      loadDataDir: new Blob([template]),
    });
    await database.close();
  }, 60_000);

  afterAll(async () => {
    await source?.close();
    await target?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('copies every object of the bucket into another bucket, byte for byte', async () => {
    const shop = testConfig({ DATA_DIR: join(root, 'shop'), ...source.env });
    const bucket = createFileStorage(shop);
    for (let i = 0; i < 30; i += 1) {
      await bucket.put(`originals/${i.toString(16).padStart(32, '0')}`, randomBytes(500 + i));
    }
    await bucket.put('previews/big/1280.webp', randomBytes(2 * 1024 * 1024 + 3));

    const summary = await backUp({
      config: shop,
      out: join(root, 's3.backup'),
      passphrase: undefined,
    });
    expect(summary.manifest.storage).toBe('s3');
    const restored = testConfig({ DATA_DIR: join(root, 'restored'), ...target.env });
    await restore({ config: restored, archive: join(root, 's3.backup'), passphrase: undefined });

    const before = await storedFiles(bucket);
    const after = await storedFiles(createFileStorage(restored));
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [key, bytes] of before) expect(after.get(key)!.equals(bytes), key).toBe(true);
    // The pictures went to the bucket, not to DATA_DIR.
    expect((await readdir(restored.dataDir)).sort()).toEqual(['db', 'jwt-secret']);
  }, 60_000);

  it('refuses a bucket that already holds objects, writing nothing', async () => {
    const again = testConfig({ DATA_DIR: join(root, 'again'), ...target.env });
    await mkdir(again.dataDir);
    await expect(
      restore({ config: again, archive: join(root, 's3.backup'), passphrase: undefined }),
    ).rejects.toThrow(
      /The bucket restored-pictures is not empty \(.*\): restore into an empty bucket/,
    );
    expect(await readdir(again.dataDir)).toEqual([]);
  });
});
