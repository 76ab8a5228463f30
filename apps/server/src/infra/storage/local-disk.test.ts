import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertStorageKey, InvalidStorageKeyError, LocalDiskStorage } from './index.js';

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

  it('stores, reads, replaces and deletes files under their keys', async () => {
    expect(await storage.get('originals/abc')).toBeUndefined();
    expect(await storage.has('originals/abc')).toBe(false);

    await storage.put('originals/abc', Buffer.from('one'));
    await storage.put('originals/abc', Buffer.from('two'));

    expect((await storage.get('originals/abc'))?.toString()).toBe('two');
    expect(await storage.has('originals/abc')).toBe(true);
    await storage.delete('originals/abc');
    await storage.delete('originals/abc');
    expect(await storage.has('originals/abc')).toBe(false);
  });

  it('leaves no temporary files when writes of one key overlap', async () => {
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => storage.put('previews/k/320.webp', Buffer.from(`v${i}`))),
    );

    expect(await readdir(join(root, 'files', 'previews', 'k'))).toEqual(['320.webp']);
    expect((await storage.get('previews/k/320.webp'))?.toString()).toMatch(/^v\d$/);
  });

  it('says a folder is not a file', async () => {
    await storage.put('previews/k/320.webp', Buffer.from('x'));

    expect(await storage.has('previews/k')).toBe(false);
    expect(await storage.get('previews/k/320.webp/more')).toBeUndefined();
  });

  it.each([
    '',
    '../outside',
    'a/../../outside',
    '/etc/passwd',
    'a//b',
    'a/',
    '.hidden',
    'a/.hidden',
    'a\\b',
    'Upper/case',
    'a b',
    'a/%2e%2e',
    'x'.repeat(513),
  ])('refuses the key %j', async (key) => {
    expect(() => assertStorageKey(key)).toThrow(InvalidStorageKeyError);
    await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.get(key)).rejects.toThrow(InvalidStorageKeyError);
  });

  it('accepts keys of lower-case words, digits, dots, dashes and underscores', () => {
    for (const key of ['originals/0f3a', 'previews/0f3a/1280.avif', 'a-b_c.d']) {
      expect(assertStorageKey(key)).toBe(key);
    }
  });
});
