// What every FileStorage adapter promises (infra/storage/file-storage.ts), as one set of tests that
// each adapter's test file runs against its own storage.
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import {
  assertStorageKey,
  InvalidStorageKeyError,
  type FileStorage,
} from '../infra/storage/index.js';

const INVALID_KEYS = [
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
];

export function itKeepsTheFileStorageContract(storage: () => FileStorage): void {
  it('stores, reads, replaces and deletes files under their keys', async () => {
    const files = storage();
    expect(await files.get('originals/abc')).toBeUndefined();
    expect(await files.has('originals/abc')).toBe(false);

    await files.put('originals/abc', Buffer.from('one'));
    await files.put('originals/abc', Buffer.from('two'));

    expect((await files.get('originals/abc'))?.toString()).toBe('two');
    expect(await files.has('originals/abc')).toBe(true);
    await files.delete('originals/abc');
    await files.delete('originals/abc');
    expect(await files.has('originals/abc')).toBe(false);
    expect(await files.get('originals/abc')).toBeUndefined();
  });

  it('gives back a picture-sized file byte for byte', async () => {
    const bytes = randomBytes(3 * 1024 * 1024);

    await storage().put('originals/large', bytes);

    expect((await storage().get('originals/large'))?.equals(bytes)).toBe(true);
  });

  it('leaves one whole file when writes of one key overlap', async () => {
    const versions = Array.from({ length: 8 }, (_, i) => Buffer.from(`v${i}`.repeat(10_000)));

    await Promise.all(versions.map((bytes) => storage().put('previews/k/320.webp', bytes)));

    const stored = await storage().get('previews/k/320.webp');
    expect(versions.some((bytes) => stored?.equals(bytes))).toBe(true);
  });

  it('is ready to store files', async () => {
    await expect(storage().check()).resolves.toBeUndefined();
  });

  it.each(INVALID_KEYS)('refuses the key %j', async (key) => {
    expect(() => assertStorageKey(key)).toThrow(InvalidStorageKeyError);
    await expect(storage().put(key, Buffer.from('x'))).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage().get(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage().has(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage().delete(key)).rejects.toThrow(InvalidStorageKeyError);
  });
}
