import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type PageEncoding = 'br' | 'gzip';

const ENCODINGS: readonly PageEncoding[] = ['br', 'gzip'];

/**
 * The encoding to send a page in, from the request's `Accept-Encoding`: brotli, else gzip, unless
 * the client refuses it (`;q=0`); nothing when it accepts neither.
 */
export function pageEncoding(acceptEncoding: string | undefined): PageEncoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding?.split(',') ?? []) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const quality = params.find((param) => param.startsWith('q='));
    accepted.set(name, quality ? Number(quality.slice(2)) : 1);
  }
  const wildcard = accepted.get('*');
  return ENCODINGS.find((encoding) => (accepted.get(encoding) ?? wildcard ?? 0) > 0);
}

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/**
 * A page's HTML compressed, once per answer and encoding: a cached page is compressed on its
 * first request and sent as those bytes after. Brotli at quality 5: most of its gain at a few
 * milliseconds for a page of some 80 kB, which a page that is not cached waits for.
 */
export function createPageCompressor(): (
  answer: { html: string },
  encoding: PageEncoding,
) => Promise<Buffer> {
  const compressed = new WeakMap<object, Map<PageEncoding, Promise<Buffer>>>();
  return (answer, encoding) => {
    let byEncoding = compressed.get(answer);
    if (!byEncoding) {
      byEncoding = new Map();
      compressed.set(answer, byEncoding);
    }
    let bytes = byEncoding.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? compressBrotli(answer.html, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 5,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              },
            })
          : compressGzip(answer.html);
      byEncoding.set(encoding, bytes);
    }
    return bytes;
  };
}
