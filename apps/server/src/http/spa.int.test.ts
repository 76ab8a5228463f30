import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paths, signedInOnlyPaths } from '@pictura/contract';
import { describeEachEngine, seedTestCatalog } from '../test/index.js';

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/index-3f9a1c.js"></script></head><body><div id="root"></div></body></html>';

const SCRIPT = 'console.log("app")';

/** A stand-in for apps/web/dist: what `vite build`, release detection and precompress write. */
const DIST_FILES: Record<string, string | Buffer> = {
  'index.html': INDEX_HTML,
  'index.html.br': brotliCompressSync(INDEX_HTML),
  'assets/index-3f9a1c.js': SCRIPT,
  'assets/index-3f9a1c.js.br': brotliCompressSync(SCRIPT),
  'assets/index-3f9a1c.js.gz': gzipSync(SCRIPT),
  'assets/index-77b2e0.css': 'body{margin:0}',
  'builds/latest.json': '{"buildId":"b42"}',
  'builds/meta/b42.json': '{"files":["assets/index-3f9a1c.js"]}',
  'locales/en/translation.json': '{"hello":"Hello"}',
  '.env': 'SECRET=1',
  // The build's manifest (never served): the picture page's code and the locale files.
  '.vite/manifest.json': JSON.stringify({
    'index.html': { file: 'assets/index-3f9a1c.js' },
    'src/app/routes/picture.tsx': { file: 'assets/picture-5d2e.js' },
    'src/locales/en.json': { file: 'assets/en-8c1f.json' },
    'src/locales/ja.json': { file: 'assets/ja-07ab.json' },
  }),
};

const PAGE = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const IMMUTABLE = 'public, max-age=31536000, immutable';

let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'pictura-dist-'));
  for (const [path, content] of Object.entries(DIST_FILES)) {
    await mkdir(dirname(join(distDir, path)), { recursive: true });
    await writeFile(join(distDir, path), content);
  }
});

afterAll(async () => {
  await rm(distDir, { recursive: true, force: true });
});

describeEachEngine('serving the web app', (ctx) => {
  const app = () => ctx.buildApp({ env: { SERVE_WEB: 'true', WEB_DIST_DIR: distDir } });
  // One database per file and engine: the catalog is seeded by whichever test needs it first.
  let seeded: Promise<unknown> | undefined;
  const seedCatalog = () => (seeded ??= seedTestCatalog(ctx.database.db));

  it('serves index.html for every page path, never cached without revalidation', async () => {
    await seedCatalog();
    const instance = await app();

    for (const url of ['/', '/gallery', '/gallery/animals', '/gallery/picture/red-fox']) {
      const response = await instance.inject({ method: 'GET', url, headers: PAGE });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(INDEX_HTML);
    }
  });

  it('lets no cache keep a signed-in page', async () => {
    const instance = await app();
    for (const url of [...signedInOnlyPaths, '/admin/orders', `${paths.orderHistory}?page=2`]) {
      const response = await instance.inject({ method: 'GET', url, headers: PAGE });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('private, no-store');
    }
    // The other pages are the same for everyone (a signed-in one is rendered as a shell).
    const gallery = await instance.inject({ method: 'GET', url: '/gallery', headers: PAGE });
    expect(gallery.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 with the page for paths, pictures and categories the shop does not have', async () => {
    await seedCatalog();
    const instance = await app();

    for (const url of [
      '/no/such/page?x=1',
      '/gallery/picture/sunset-over-kyoto',
      '/gallery/picture/hidden-fox',
      '/gallery/no-such-category',
    ]) {
      const response = await instance.inject({ method: 'GET', url, headers: PAGE });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.body, url).toBe(INDEX_HTML);
    }
  });

  it('answers a page in HTML whatever the Accept header says, and a missing file in JSON', async () => {
    await seedCatalog();
    const instance = await app();

    for (const accept of ['*/*', 'application/json', undefined]) {
      const headers = accept ? { accept } : {};
      const page = await instance.inject({
        method: 'GET',
        url: '/gallery/picture/red-fox',
        headers,
      });
      expect(page.statusCode, accept).toBe(200);
      expect(page.headers['content-type'], accept).toMatch(/^text\/html/);
      const unknown = await instance.inject({ method: 'GET', url: '/no-such-page', headers });
      expect(unknown.statusCode, accept).toBe(404);
      expect(unknown.body, accept).toBe(INDEX_HTML);
    }
    const oldChunk = await instance.inject({
      method: 'GET',
      url: '/assets/index-0ld.js',
      headers: PAGE,
    });
    expect(oldChunk.statusCode).toBe(404);
    expect(oldChunk.headers['content-type']).toMatch(/^application\/json/);
  });

  it('announces no code or translations in a Link header: they load after the page', async () => {
    const instance = await app();
    const page = (url: string, headers: Record<string, string> = {}) =>
      instance.inject({ method: 'GET', url, headers: { ...PAGE, ...headers } });

    const home = await page('/', { 'accept-language': 'ja,en;q=0.8' });
    const picture = await page('/gallery/picture/sunset-over-kyoto');
    const manifest = await instance.inject({ method: 'GET', url: '/.vite/manifest.json' });

    expect(home.statusCode).toBe(200);
    expect(home.headers.link).toBeUndefined();
    expect(picture.headers.link).toBeUndefined();
    expect(manifest.statusCode).toBe(404);

    // A browser gets the page's compressed copy, with the same headers.
    const compressed = await page('/gallery/picture/sunset-over-kyoto', {
      'accept-encoding': 'br',
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toBe('no-cache');
    expect(compressed.headers.link).toBeUndefined();
  });

  it("preloads a published picture's preview, as the page's <img> has it", async () => {
    await seedCatalog();
    const instance = await app();
    const linkOf = async (url: string) =>
      (await instance.inject({ method: 'GET', url, headers: PAGE })).headers.link;
    const key = '0'.repeat(32);
    const srcset = [320, 640, 960, 1280].map((w) => `/api/images/${key}/${w}.avif ${w}w`);

    expect(await linkOf('/gallery/picture/Red-Fox')).toBe(
      `</api/images/${key}/320.avif>; rel=preload; as=image; type="image/avif"; ` +
        `imagesrcset="${srcset.join(', ')}"; ` +
        'imagesizes="(min-width: 64rem) 36rem, calc(100vw - 3rem)"; fetchpriority=high',
    );
    // Not for an unpublished or unknown offer, nor for a path that is not a picture page.
    for (const url of [
      '/gallery/picture/hidden-fox',
      '/gallery/picture/nope',
      '/gallery/red-fox',
    ]) {
      expect(await linkOf(url), url).toBeUndefined();
    }
  });

  it('sends a form posted before the app took it over back to its page, without reading it', async () => {
    const instance = await app();
    const response = await instance.inject({
      method: 'POST',
      url: '/login?returnUrl=%2Fcart',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=ana%40example.com&password=Secret-Passw0rd',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/login?returnUrl=%2Fcart');
    expect(response.body).not.toContain('Secret');
    // The API keeps its JSON 404 for a path it does not have.
    const api = await instance.inject({ method: 'POST', url: '/api/no-such', payload: {} });
    expect(api.statusCode).toBe(404);
  });

  it('serves hashed assets as immutable for a year', async () => {
    const instance = await app();

    const script = await instance.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    const style = await instance.inject({ method: 'GET', url: '/assets/index-77b2e0.css' });

    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['cache-control']).toBe(IMMUTABLE);
    expect(style.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('sends the compressed copy of an asset the browser accepts, and the file to others', async () => {
    const instance = await app();
    const get = (acceptEncoding?: string) =>
      instance.inject({
        method: 'GET',
        url: '/assets/index-3f9a1c.js',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });

    const [br, gzip, plain] = await Promise.all([get('gzip, deflate, br'), get('gzip'), get()]);

    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    for (const response of [br, gzip, plain]) {
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('serves the release-detection files and other unhashed files with no-cache', async () => {
    const instance = await app();

    for (const url of [
      '/builds/latest.json?t=1700000000000',
      '/builds/meta/b42.json',
      '/locales/en/translation.json',
    ]) {
      const response = await instance.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    const latest = await instance.inject({ method: 'GET', url: '/builds/latest.json' });
    expect(latest.json()).toEqual({ buildId: 'b42' });
  });

  it('answers a missing asset with 404, not index.html, so the app notices a stale chunk', async () => {
    const instance = await app();

    const response = await instance.inject({
      method: 'GET',
      url: '/assets/index-old000.js',
      headers: { accept: '*/*' },
    });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: { '': 'Not found' } });
  });

  it('keeps unknown API paths a JSON 404 even for a browser', async () => {
    const instance = await app();

    const response = await instance.inject({ method: 'GET', url: '/API/nothing', headers: PAGE });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: { '': 'Not found' } });
  });

  it('does not serve dotfiles', async () => {
    const instance = await app();

    const response = await instance.inject({ method: 'GET', url: '/.env' });

    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('SECRET');
  });

  it('serves the API alone when there is no build', async () => {
    const instance = await ctx.buildApp({
      env: { SERVE_WEB: 'true', WEB_DIST_DIR: join(distDir, 'missing') },
    });

    const page = await instance.inject({ method: 'GET', url: '/', headers: PAGE });
    const health = await instance.inject({ method: 'GET', url: '/api/health' });

    expect(page.statusCode).toBe(404);
    expect(health.statusCode).toBe(200);
  });
});
