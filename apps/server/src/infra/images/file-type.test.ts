import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageFileType } from './file-type.js';

const picture = sharp({
  create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 40, b: 90 } },
});

describe('imageFileType', () => {
  it('recognises JPEG, PNG and WebP by their bytes', async () => {
    expect(imageFileType(await picture.clone().jpeg().toBuffer())).toEqual({
      extension: 'jpg',
      contentType: 'image/jpeg',
    });
    expect(imageFileType(await picture.clone().png().toBuffer())?.extension).toBe('png');
    expect(imageFileType(await picture.clone().webp().toBuffer())?.extension).toBe('webp');
  });

  it('knows nothing else, however it starts', async () => {
    expect(imageFileType(await picture.clone().gif().toBuffer())).toBeNull();
    expect(imageFileType(Buffer.from('RIFF1234WAVEfmt '))).toBeNull();
    expect(imageFileType(Buffer.from('<svg/>'))).toBeNull();
    expect(imageFileType(new Uint8Array())).toBeNull();
  });
});
