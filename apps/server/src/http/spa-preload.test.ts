import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPreloadHints, likelyLocale } from './spa-preload.js';

/** A web build's manifest in the shape Vite writes: the entry, two pages, shared code, locales. */
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', imports: ['_app-2.js'], css: ['assets/index-1.css'] },
  '_app-2.js': { file: 'assets/app-2.js', css: ['assets/app-2.css'] },
  '_grid-3.js': { file: 'assets/grid-3.js', imports: ['_app-2.js'], css: ['assets/grid-3.css'] },
  'src/app/routes/home.tsx': {
    file: 'assets/home-4.js',
    imports: ['_app-2.js', '_grid-3.js'],
    css: ['assets/home-4.css'],
  },
  'src/app/routes/picture.tsx': { file: 'assets/picture-5.js', imports: ['_app-2.js'] },
  'src/locales/en.json': { file: 'assets/en-6.json' },
  'src/locales/ja.json': { file: 'assets/ja-7.json' },
};

let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'pictura-preload-'));
  await mkdir(join(distDir, '.vite'));
  await writeFile(join(distDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
});

afterAll(async () => {
  await rm(distDir, { recursive: true, force: true });
});

const request = (url: string, headers: Record<string, string> = {}) =>
  ({ url, headers }) as unknown as FastifyRequest;

describe('preload hints of page answers', () => {
  it("announces the page's first answers, own code and styles (not the entry's), and the locale file", () => {
    const hints = createPreloadHints(distDir);
    expect(hints?.(request('/?utm=1'))).toBe(
      [
        '</assets/en-6.json>; rel=preload; as=fetch; crossorigin',
        '</api/offers/latest?Currency=EUR>; rel=preload; as=fetch; crossorigin',
        '</assets/home-4.js>; rel=modulepreload',
        '</assets/grid-3.js>; rel=modulepreload',
        // In CORS mode, as the page's <link rel="stylesheet" crossorigin> asks for them
        // (page-assets.ts): otherwise the browser downloads each style twice.
        '</assets/home-4.css>; rel=preload; as=style; crossorigin',
        '</assets/grid-3.css>; rel=preload; as=style; crossorigin',
      ].join(', '),
    );
    expect(
      hints?.(request('/gallery/picture/sunset', { 'accept-language': 'ja-JP,en;q=0.5' })),
    ).toBe(
      [
        '</assets/ja-7.json>; rel=preload; as=fetch; crossorigin',
        '</api/categories>; rel=preload; as=fetch; crossorigin',
        '</assets/picture-5.js>; rel=modulepreload',
      ].join(', '),
    );
    // Other pages: only the locale; a language without a file in the build: nothing.
    expect(hints?.(request('/contact'))).toBe(
      '</assets/en-6.json>; rel=preload; as=fetch; crossorigin',
    );
    expect(hints?.(request('/contact', { cookie: 'i18next=es' }))).toBeUndefined();
  });

  it('gives no hints without a manifest', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'pictura-preload-'));
    expect(createPreloadHints(empty)).toBeUndefined();
    await rm(empty, { recursive: true, force: true });
  });
});

describe('the likely language', () => {
  it('is the cookie first, then the first supported browser language, then English', () => {
    expect(likelyLocale('a=1; i18next=ja', 'es')).toBe('ja');
    expect(likelyLocale('i18next=fr', 'fr-FR, es-MX;q=0.8, en;q=0.5')).toBe('es');
    expect(likelyLocale(undefined, 'EN-gb')).toBe('en');
    expect(likelyLocale(undefined, 'de')).toBe('en');
    expect(likelyLocale(undefined, undefined)).toBe('en');
  });
});
