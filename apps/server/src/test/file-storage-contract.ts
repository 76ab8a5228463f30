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

  it('opens a file to stream it whole or in part, its size and version known first', async () => {
    const files = storage();
    const bytes = randomBytes(200_000);
    expect(await files.open('downloads/full/streamed')).toBeUndefined();
    await files.put('downloads/full/streamed', bytes);

    const whole = await files.open('downloads/full/streamed');
    expect(whole?.size).toBe(bytes.length);
    expect(whole?.etag).toMatch(/^"[^"]+"$/);
    expect((await whole?.head(12))?.equals(bytes.subarray(0, 12))).toBe(true);
    const sent = Buffer.concat(await (whole?.stream().toArray() ?? []));
    expect(sent.equals(bytes)).toBe(true);

    const part = await files.open('downloads/full/streamed');
    const range = Buffer.concat(await (part?.stream({ start: 1_000, end: 1_999 }).toArray() ?? []));
    expect(range.equals(bytes.subarray(1_000, 2_000))).toBe(true);
    await (await files.open('downloads/full/streamed'))?.close();

    await files.put('downloads/full/streamed', randomBytes(200_000));
    expect((await files.open('downloads/full/streamed'))?.etag).not.toBe(whole?.etag);
    await files.delete('downloads/full/streamed');
  });

  it("stores nothing once the write's signal has aborted, and keeps what was there", async () => {
    const files = storage();
    await files.put('originals/kept', Buffer.from('before'));
    const stopped = new AbortController();
    stopped.abort(new Error('attempt timed out'));

    const write = files.put('originals/kept', Buffer.from('after'), { signal: stopped.signal });
    const fresh = files.put('originals/never', Buffer.from('x'), { signal: stopped.signal });

    await expect(write).rejects.toThrow('attempt timed out');
    await expect(fresh).rejects.toThrow('attempt timed out');
    expect((await files.get('originals/kept'))?.toString()).toBe('before');
    expect(await files.has('originals/never')).toBe(false);
  });

  it('leaves one whole file when writes of one key overlap', async () => {
    const versions = Array.from({ length: 8 }, (_, i) => Buffer.from(`v${i}`.repeat(10_000)));

    await Promise.all(versions.map((bytes) => storage().put('previews/k/320.webp', bytes)));

    const stored = await storage().get('previews/k/320.webp');
    expect(versions.some((bytes) => stored?.equals(bytes))).toBe(true);
  });

  it('lists every stored key', async () => {
    const files = storage();
    const prefix = `listed-${randomBytes(4).toString('hex')}`;
    const keys = [`${prefix}/a`, `${prefix}/b/c.webp`, `${prefix}/b/d/e`];
    for (const key of keys) await files.put(key, Buffer.from(key));
    await files.delete(`${prefix}/a`);

    const listed: string[] = [];
    for await (const key of files.keys()) if (key.startsWith(`${prefix}/`)) listed.push(key);

    expect(listed.sort()).toEqual(keys.slice(1));
  });

  it('is ready to store files', async () => {
    await expect(storage().check()).resolves.toBeUndefined();
  });

  it.each(INVALID_KEYS)('refuses the key %j', async (key) => {
    expect(() => assertStorageKey(key)).toThrow(InvalidStorageKeyError);
    await expect(storage().put(key, Buffer.from('x'))).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage().get(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage().open(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage().has(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage().delete(key)).rejects.toThrow(InvalidStorageKeyError);
  });
}
