import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectMarks } from '../../test/picture-marks.js';
import {
  describeImage,
  makePlaceholder,
  makePreview,
  previewWidthsFor,
  UnsupportedImageError,
  type PictureMarks,
} from './index.js';

const marks: PictureMarks = {
  title: 'Harbour at Dusk',
  creator: 'Pictura',
  copyright: '© 2026 Pictura',
  digitalSourceType: 'compositeWithTrainedAlgorithmicMedia',
  licenceName: 'Preview only',
  licenceUrl: 'https://shop.example/terms-and-conditions',
};

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

describe('image pipeline', () => {
  it('describes a picture and refuses what is not one', async () => {
    expect(await describeImage(await picture(800, 600))).toEqual({
      width: 800,
      height: 600,
      format: 'png',
    });
    await expect(describeImage(Buffer.from('not a picture'))).rejects.toThrow(
      UnsupportedImageError,
    );
  });

  it('offers the preview widths a picture is wide enough for', () => {
    expect(previewWidthsFor(2000)).toEqual([320, 640, 960, 1280]);
    expect(previewWidthsFor(1280)).toEqual([320, 640, 960, 1280]);
    expect(previewWidthsFor(1000)).toEqual([320, 640, 960]);
    expect(previewWidthsFor(900)).toEqual([320, 640]);
    expect(previewWidthsFor(100)).toEqual([]);
  });

  it.each([
    ['webp', 'webp'],
    ['avif', 'heif'],
  ] as const)(
    'makes %s previews at the width asked for, never enlarged',
    async (format, sharpName) => {
      const original = await picture(1000, 500);

      const small = await sharp(await makePreview(original, 320, format, marks)).metadata();
      const large = await sharp(await makePreview(original, 1280, format, marks)).metadata();

      expect([small.width, small.height, small.format]).toEqual([320, 160, sharpName]);
      expect([large.width, large.height]).toEqual([1000, 500]);
    },
  );

  it.each(['webp', 'avif'] as const)(
    'writes the marks into a %s preview, without an order reference even when given one',
    async (format) => {
      const preview = await makePreview(await picture(640, 400), 320, format, {
        ...marks,
        orderReference: 'Pictura order 7',
      });

      await expectMarks(preview, { ...marks, orderReference: undefined });
    },
  );

  it('watermarks the preview', async () => {
    const preview = await makePreview(await picture(640, 400), 640, 'webp', marks);
    const { data } = await sharp(preview).raw().toBuffer({ resolveWithObject: true });

    // The plain picture is one colour; the watermark's light and dark strokes add others.
    const distinct = new Set<number>();
    for (let i = 0; i < data.length; i += 3)
      distinct.add(((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0));
    expect(distinct.size).toBeGreaterThan(20);
  });

  it('makes a tiny WebP placeholder as a data: URI', async () => {
    const placeholder = await makePlaceholder(await picture(1600, 900));

    expect(placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(placeholder.length).toBeLessThan(400);
    const bytes = Buffer.from(placeholder.split(',')[1]!, 'base64');
    expect((await sharp(bytes).metadata()).width).toBe(16);
  });
});
