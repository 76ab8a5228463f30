import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectMarks } from '../../test/picture-marks.js';
import { markOriginal, remarkJpeg, type PictureMarks } from './index.js';

const marks: PictureMarks = {
  title: 'Old Harbour',
  creator: 'Pictura',
  copyright: '© 2026 Pictura',
  digitalSourceType: 'trainedAlgorithmicMedia',
  licenceName: 'Full licence (commercial use)',
  licenceUrl: 'https://shop.example/commercial-licence',
  orderReference: 'Pictura order 12',
};

/** A picture with detail (noise), so that any re-encoding would show in its pixels. */
async function noisy(format: 'jpeg' | 'png' | 'webp'): Promise<Buffer> {
  const width = 96;
  const height = 64;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919) % 251;
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (format === 'jpeg') return image.jpeg({ quality: 80 }).toBuffer();
  if (format === 'png') return image.png().toBuffer();
  return image.webp({ quality: 70 }).toBuffer();
}

const pixelsOf = async (bytes: Buffer) => (await sharp(bytes).raw().toBuffer()).toString('hex');

describe('marks in full-resolution files', () => {
  it.each(['jpeg', 'png', 'webp'] as const)(
    'keeps the pixels of a %s original exactly and adds every mark',
    async (format) => {
      const original = await noisy(format);

      const marked = await markOriginal(original, marks);

      const [before, after] = await Promise.all([
        sharp(original).metadata(),
        sharp(marked).metadata(),
      ]);
      expect([after.width, after.height, after.format]).toEqual([
        before.width,
        before.height,
        format,
      ]);
      expect(await pixelsOf(marked)).toBe(await pixelsOf(original));
      await expectMarks(marked, marks);
    },
  );

  it.each(['jpeg', 'png'] as const)(
    'splices the packet into a %s file: every other byte stays, a second mark replaces the first',
    async (format) => {
      const original = await noisy(format);

      const once = await markOriginal(original, { ...marks, orderReference: 'Pictura order 1' });
      const twice = await markOriginal(once, marks);

      // Everything after the file's header (JFIF segment, or PNG signature and IHDR chunk) is the
      // original's, byte for byte: only the metadata was added.
      expect(once.includes(original.subarray(format === 'jpeg' ? 20 : 33))).toBe(true);
      expect(twice.toString('latin1').split('<x:xmpmeta').length - 1).toBe(1);
      await expectMarks(twice, marks);
    },
  );

  it('re-marks a JPEG the shop made without encoding it again', async () => {
    const jpeg = await noisy('jpeg');

    const remarked = remarkJpeg(jpeg, marks);

    expect(remarked.length).toBeGreaterThan(jpeg.length);
    expect(remarked.includes(jpeg.subarray(20))).toBe(true);
    await expectMarks(remarked, marks);
  });
});
