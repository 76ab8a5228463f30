import { describe, expect, it } from 'vitest';
import { checkDecodes, decodePixels } from './decode-pixels.js';
import sharp from './sharp.js';

const noisy = (format: 'png' | 'jpeg' | 'webp') =>
  sharp({
    create: {
      width: 600,
      height: 400,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .toFormat(format)
    .toBuffer();

/** How many of `count` simultaneous calls were fulfilled. */
async function fulfilled(count: number, call: () => Promise<unknown>): Promise<number> {
  const results = await Promise.allSettled(Array.from({ length: count }, call));
  return results.filter(({ status }) => status === 'fulfilled').length;
}

describe.each(['png', 'jpeg', 'webp'] as const)('decoding a %s', (format) => {
  it('gives every pixel of a whole picture', async () => {
    const { data, info } = await decodePixels(await noisy(format));

    expect([info.width, info.height, info.channels]).toEqual([600, 400, 3]);
    expect(data).toHaveLength(600 * 400 * 3);
    await expect(checkDecodes(await noisy(format))).resolves.toBeUndefined();
  });

  it('refuses a truncated picture every time, also forty at once', async () => {
    const whole = await noisy(format);
    const truncated = whole.subarray(0, Math.floor(whole.length * 0.7));

    expect(await fulfilled(40, () => decodePixels(truncated))).toBe(0);
    expect(await fulfilled(40, () => checkDecodes(truncated, { failOn: 'error' }))).toBe(0);
  });
});
