import type { SharpOptions } from 'sharp';
import sharp from './sharp.js';

// Both decode every pixel, so that a truncated or corrupt file is refused (the promise rejects)
// rather than accepted on a header that looks right. Not sharp's `stats()`: when several ran at
// once, it lost the decoder's error about half the time and a truncated PNG or JPEG passed, while
// a pipeline to raw pixels reports it every time.

/** Every pixel of a picture, uncompressed, with its size and channel count. */
export function decodePixels(bytes: Buffer, options: SharpOptions = {}) {
  return sharp(bytes, options).raw().toBuffer({ resolveWithObject: true });
}

/** Rejects unless the whole picture decodes; keeps only a thumbnail's worth of memory meanwhile. */
export async function checkDecodes(bytes: Buffer, options: SharpOptions = {}): Promise<void> {
  await sharp(bytes, options).resize(64, 64, { fit: 'inside' }).raw().toBuffer();
}
