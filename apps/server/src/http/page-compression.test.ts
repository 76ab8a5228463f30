import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPageCompressor, pageEncoding } from './page-compression.js';

describe('the encoding of a page answer', () => {
  it('is brotli, else gzip, as the client accepts them', () => {
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncoding('gzip, deflate')).toBe('gzip');
    expect(pageEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pageEncoding('*')).toBe('br');
    expect(pageEncoding('*;q=0, gzip')).toBe('gzip');
    expect(pageEncoding('identity')).toBeUndefined();
    expect(pageEncoding(undefined)).toBeUndefined();
  });
});

describe('a compressed page', () => {
  it('decompresses to its HTML, and is compressed once per answer and encoding', async () => {
    const compress = createPageCompressor();
    const answer = { html: '<p>Pictura</p>'.repeat(500) };
    const br = await compress(answer, 'br');
    const gzip = await compress(answer, 'gzip');
    expect(brotliDecompressSync(br).toString()).toBe(answer.html);
    expect(gunzipSync(gzip).toString()).toBe(answer.html);
    expect(br.length).toBeLessThan(answer.html.length / 10);
    expect(await compress(answer, 'br')).toBe(br);
    // Another answer with the same text is another page: compressed on its own.
    expect(await compress({ html: answer.html }, 'br')).not.toBe(br);
  });
});
