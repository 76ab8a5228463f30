// The preview store's memory: a preview asked for again is served without another read of the file
// storage (with S3, a request to the bucket), and the memory stays within its byte budget.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileSigner, type SignFile } from '../../infra/images/index.js';
import { LocalDiskStorage, type FileStorage } from '../../infra/storage/index.js';
import { createPreviewStore, storeOriginal } from './images.js';
import { previewMarks } from './picture-marks.js';

const offer = {
  title: 'Test',
  createdAt: new Date(),
  digitalSourceType: 'trainedAlgorithmicMedia',
} as const;
const marksFor = () =>
  Promise.resolve({ marks: previewMarks(offer, 'http://localhost:3000'), keep: true });

/** The real disk storage, counting the reads that reach it. */
function countingReads(storage: FileStorage): FileStorage & { reads: () => number } {
  let reads = 0;
  return {
    put: (key, bytes) => storage.put(key, bytes),
    get: (key) => {
      reads += 1;
      return storage.get(key);
    },
    open: (key) => {
      reads += 1;
      return storage.open(key);
    },
    has: (key) => storage.has(key),
    delete: (key) => storage.delete(key),
    check: () => storage.check(),
    keys: () => storage.keys(),
    reads: () => reads,
  };
}

describe('preview store', () => {
  let root: string;
  let storage: ReturnType<typeof countingReads>;
  let imageKey: string;
  let signFile: SignFile;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'pictura-previews-'));
    storage = countingReads(new LocalDiskStorage(root));
    signFile = createFileSigner({
      dataDir: root,
      c2pa: { certificate: undefined, tsaUrl: undefined },
    });
    const picture = await sharp({
      create: { width: 700, height: 500, channels: 3, background: '#3060a0' },
    })
      .png()
      .toBuffer();
    ({ imageKey } = await storeOriginal(storage, picture));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('serves a preview asked for again from memory, the same bytes, without reading storage', async () => {
    const previews = createPreviewStore(storage, { concurrency: 1, marksFor, signFile });
    const first = await previews.get(imageKey, 320, 'webp');
    const readsAfterFirst = storage.reads();

    const again = await Promise.all([1, 2, 3].map(() => previews.get(imageKey, 320, 'webp')));

    expect(first).toBeInstanceOf(Buffer);
    expect(again.every((bytes) => bytes?.equals(first!))).toBe(true);
    expect(storage.reads()).toBe(readsAfterFirst);
  });

  it('reads a kept preview from storage once for simultaneous requests after a restart', async () => {
    await createPreviewStore(storage, { concurrency: 1, marksFor, signFile }).get(
      imageKey,
      320,
      'webp',
    );
    const restarted = createPreviewStore(storage, { concurrency: 1, marksFor, signFile });
    const before = storage.reads();

    await Promise.all([1, 2, 3].map(() => restarted.get(imageKey, 320, 'webp')));

    expect(storage.reads() - before).toBe(1);
  });

  it('keeps no more bytes than its budget: the oldest preview is read from storage again', async () => {
    const sizing = createPreviewStore(storage, { concurrency: 1, marksFor, signFile });
    const small = (await sizing.get(imageKey, 320, 'webp'))!.byteLength;
    // Room for the 640-pixel preview, not for both.
    const large = (await sizing.get(imageKey, 640, 'webp'))!.byteLength;
    const previews = createPreviewStore(storage, {
      concurrency: 1,
      marksFor,
      signFile,
      memoryBytes: large + small - 1,
    });

    await previews.get(imageKey, 320, 'webp');
    await previews.get(imageKey, 640, 'webp');
    const before = storage.reads();
    await previews.get(imageKey, 640, 'webp');
    expect(storage.reads()).toBe(before);
    await previews.get(imageKey, 320, 'webp');
    expect(storage.reads()).toBe(before + 1);
  });

  it('keeps nothing for a picture that does not exist', async () => {
    const previews = createPreviewStore(storage, { concurrency: 1, marksFor, signFile });

    expect(await previews.get('f'.repeat(32), 320, 'webp')).toBeUndefined();
    expect(await previews.get('f'.repeat(32), 320, 'webp')).toBeUndefined();
    expect(storage.reads()).toBe(4);
  });
});
