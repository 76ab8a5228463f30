import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { itKeepsTheFileStorageContract } from '../../test/file-storage-contract.js';
import { assertStorageKey, LocalDiskStorage } from './index.js';

describe('LocalDiskStorage', () => {
  let root: string;
  let storage: LocalDiskStorage;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'pictura-storage-'));
    storage = new LocalDiskStorage(join(root, 'files'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  itKeepsTheFileStorageContract(() => storage);

  it('leaves no temporary files when writes of one key overlap', async () => {
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => storage.put('previews/k/320.webp', Buffer.from(`v${i}`))),
    );

    expect(await readdir(join(root, 'files', 'previews', 'k'))).toEqual(['320.webp']);
  });

  it('lists no write still under way', async () => {
    await storage.put('originals/kept', Buffer.from('x'));
    await writeFile(join(root, 'files', 'originals', 'next.0123456789ab.tmp'), 'half');

    const keys: string[] = [];
    for await (const key of storage.keys()) keys.push(key);

    expect(keys).toEqual(['originals/kept']);
  });

  it('says a folder is not a file', async () => {
    await storage.put('previews/k/320.webp', Buffer.from('x'));

    expect(await storage.has('previews/k')).toBe(false);
    expect(await storage.get('previews/k/320.webp/more')).toBeUndefined();
  });

  it('makes its folder when checked, and fails the check where it cannot', async () => {
    await storage.check();
    expect(await readdir(root)).toEqual(['files']);

    // A file where the folder should be: mkdir fails even for root, unlike a read-only folder.
    const blocked = join(root, 'a-file');
    await writeFile(blocked, 'not a folder');
    await expect(new LocalDiskStorage(join(blocked, 'files')).check()).rejects.toThrow(/ENOTDIR/);
  });

  it('accepts keys of lower-case words, digits, dots, dashes and underscores', () => {
    for (const key of ['originals/0f3a', 'previews/0f3a/1280.avif', 'a-b_c.d']) {
      expect(assertStorageKey(key)).toBe(key);
    }
  });
});
