import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { GenerationProgress } from './index.js';
import { ProviderResponseError } from './index.js';
import {
  checkImage,
  decodeBase64Image,
  progressReporter,
  providerDetail,
} from './http-provider.js';

const encode = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif') =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 200, b: 90 } } })
    .toFormat(format)
    .toBuffer();

describe('decodeBase64Image', () => {
  it('decodes plain base64 and data: URIs', () => {
    const bytes = Buffer.from('picture bytes');
    const text = bytes.toString('base64');

    expect(decodeBase64Image('p', text, 1000)).toEqual(bytes);
    expect(decodeBase64Image('p', `data:image/png;base64,${text}`, 1000)).toEqual(bytes);
  });

  it('refuses a picture over the limit from its length, before decoding', () => {
    const text = Buffer.alloc(3000).toString('base64');

    expect(() => decodeBase64Image('p', text, 2999)).toThrow(
      new ProviderResponseError('p', 'sent a picture larger than 2999 bytes'),
    );
    expect(decodeBase64Image('p', text, 3000)).toHaveLength(3000);
  });

  it.each(['', 'abc', 'ab$d', 'abcd====', 'ab cd'])('refuses %j, which is not base64', (text) => {
    expect(() => decodeBase64Image('p', text, 1000)).toThrow(/not valid base64/);
  });
});

describe('checkImage', () => {
  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
  ] as const)('accepts %s and tells its size from the bytes', async (format, contentType) => {
    const bytes = await encode(320, 200, format);

    expect(await checkImage('p', bytes)).toEqual({
      image: { bytes, contentType, width: 320, height: 200 },
      allBlack: false,
    });
  });

  it('refuses other formats, tiny pictures, truncated files and non-pictures', async () => {
    const png = await encode(320, 200, 'png');

    await expect(checkImage('p', await encode(320, 200, 'gif'))).rejects.toThrow(
      'p: sent a picture in an unexpected format (gif)',
    );
    await expect(checkImage('p', await encode(32, 200, 'png'))).rejects.toThrow(
      'p: sent a picture of 32 x 200 pixels',
    );
    const truncated = png.subarray(0, png.length - 40);
    await expect(checkImage('p', truncated)).rejects.toThrow(
      'p: sent something that is not a picture',
    );
    // Also when many are checked at once: sharp's stats() then lost the error about half the time.
    const many = await Promise.allSettled(
      Array.from({ length: 40 }, () => checkImage('p', truncated)),
    );
    expect(many.filter(({ status }) => status === 'fulfilled')).toHaveLength(0);
    await expect(checkImage('p', Buffer.from('<svg/>'))).rejects.toThrow(ProviderResponseError);
  });

  it('refuses pictures with more pixels than allowed without decoding them', async () => {
    // A 5000 x 5000 PNG of one colour is small on the wire but 75 MB decoded.
    const huge = await encode(5000, 5000, 'png');

    await expect(checkImage('p', huge)).rejects.toThrow(ProviderResponseError);
  });

  it("reads every picture afresh, never from libvips' operation cache", async () => {
    // The cache knows a Buffer by its address: a new picture at a freed one's address could be
    // answered with the old picture's decode.
    await checkImage('p', await encode(320, 200, 'png'));

    const { items, memory } = sharp.cache();
    expect(items).toMatchObject({ current: 0, max: 0 });
    expect(memory.current).toBe(0);
  });

  it('tells an all-black picture, with or without alpha', async () => {
    const black = (channels: 3 | 4) =>
      sharp({ create: { width: 100, height: 100, channels, background: '#000000' } })
        .png()
        .toBuffer();

    expect((await checkImage('p', await black(3))).allBlack).toBe(true);
    expect((await checkImage('p', await black(4))).allBlack).toBe(true);
  });
});

describe('progressReporter', () => {
  it('passes on only growing fractions, within 0 to 1', () => {
    const seen: GenerationProgress[] = [];
    const report = progressReporter((step) => seen.push(step));

    report('a', 0);
    report('b', 0.5);
    report('c', 0.2);
    report('d', 0.5);
    report('e', 7);

    expect(seen).toEqual([
      { stage: 'a', fraction: 0 },
      { stage: 'b', fraction: 0.5 },
      { stage: 'e', fraction: 1 },
    ]);
  });
});

describe('providerDetail', () => {
  it('keeps a provider message to one short printable line', () => {
    expect(providerDetail('bad\n\u0000thing\u001b[31m ' + 'x'.repeat(500))).toMatch(
      /^bad thing \[31m x{185}$/,
    );
  });
});
