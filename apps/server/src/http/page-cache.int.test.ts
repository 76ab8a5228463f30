import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { offers } from '../modules/catalog/index.js';
import { describeEachEngine, seedTestCatalog, until } from '../test/index.js';

/** index.html as the web build writes it: the places a rendered page goes into. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Pictura</title>
    <meta name="description" content="Generic." />
    <script type="module" src="/assets/index-1.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/**
 * A stand-in for the web build's server module (apps/web/src/entry-server.tsx): it counts its
 * renders and draws the offer's title as the app's own API answers it, through the `fetch` the
 * server hands it.
 */
const RENDERER = `
export async function renderPage({ url, locale, currency, fetch }) {
  globalThis.pageRenders = (globalThis.pageRenders ?? 0) + 1;
  const name = new URL(url).pathname.split('/').pop();
  const answer = await fetch('/api/offers/get-one?UrlName=' + name + '&Currency=' + currency);
  const offer = answer.ok ? await answer.json() : { title: 'status ' + answer.status };
  return {
    status: 200,
    headHtml: '<title>' + offer.title + '</title>',
    html: '<h1>' + offer.title + '</h1><p>' + currency + ' ' + locale + ' render ' + globalThis.pageRenders + '</p>',
    payload: '{}',
    pages: [],
  };
}
`;

const renders = () => (globalThis as { pageRenders?: number }).pageRenders ?? 0;

let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'pictura-rendered-'));
  await mkdir(join(distDir, '.ssr'), { recursive: true });
  await writeFile(join(distDir, 'index.html'), INDEX_HTML);
  await writeFile(join(distDir, '.ssr', 'entry-server.js'), RENDERER);
});

afterAll(async () => {
  await rm(distDir, { recursive: true, force: true });
});

describeEachEngine('pages rendered on the server', (ctx) => {
  // A tight /api budget: the render's own calls must not count against the visitor.
  const app = () =>
    ctx.buildApp({ env: { SERVE_WEB: 'true', WEB_DIST_DIR: distDir, RATE_LIMIT_MAX: '2' } });
  // Seeded before an app starts: the seed's change notice, arriving mid-test on PostgreSQL, would
  // clear the cached pages the tests count.
  let seeded: Promise<unknown> | undefined;
  const seedCatalog = () => (seeded ??= seedTestCatalog(ctx.database.db));

  beforeEach(() => {
    (globalThis as { pageRenders?: number }).pageRenders = 0;
  });

  it('keeps a page per address, language and currency, and says so in Vary', async () => {
    await seedCatalog();
    const instance = await app();
    const page = (headers: Record<string, string> = {}) =>
      instance.inject({ method: 'GET', url: '/gallery/picture/red-fox', headers });

    const first = await page();
    const again = await page();
    expect(first.statusCode).toBe(200);
    expect(first.headers.vary).toBe('cookie, accept-language, accept-encoding');
    expect(first.body).toContain('<html lang="en">');
    expect(first.body).toContain('<title>Red Fox</title>');
    expect(first.body).toContain('<div id="root"><h1>Red Fox</h1><p>EUR en render 1</p></div>');
    expect(again.body).toBe(first.body);

    const inUsd = await page({ cookie: 'currency=USD' });
    const inJapanese = await page({ 'accept-language': 'ja-JP,ja;q=0.9' });
    const cookieFirst = await page({ cookie: 'i18next=es', 'accept-language': 'ja' });
    expect(inUsd.body).toContain('USD en render 2');
    expect(inJapanese.body).toContain('<html lang="ja">');
    expect(inJapanese.body).toContain('EUR ja render 3');
    expect(cookieFirst.body).toContain('EUR es render 4');
    expect(renders()).toBe(4);
  });

  it('sends every rendered page compressed to a browser that accepts it, cached or not', async () => {
    await seedCatalog();
    const instance = await app();
    const { gunzipSync, brotliDecompressSync } = await import('node:zlib');
    // `/` has a route of its own; every other page is answered where no route matched.
    for (const url of ['/', '/gallery', '/gallery/picture/red-fox', '/no-such-page']) {
      for (const round of ['rendered', 'cached']) {
        const plain = await instance.inject({ method: 'GET', url });
        const br = await instance.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': 'br' },
        });
        const gzip = await instance.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': 'gzip' },
        });
        expect(br.headers['content-encoding'], `${url} ${round}`).toBe('br');
        expect(gzip.headers['content-encoding'], `${url} ${round}`).toBe('gzip');
        expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(plain.body);
        expect(gunzipSync(gzip.rawPayload).toString(), url).toBe(plain.body);
        expect(br.statusCode).toBe(plain.statusCode);
      }
    }
  });

  it('renders again after the catalog changes, and calls its own API beyond the visitor’s limit', async () => {
    await seedCatalog();
    const instance = await app();
    const title = async () =>
      /<h1>(.*?)<\/h1>/.exec(
        (await instance.inject({ method: 'GET', url: '/gallery/picture/red-fox' })).body,
      )?.[1];

    expect(await title()).toBe('Red Fox');
    await ctx.database.db
      .update(offers)
      .set({ title: 'Red Fox at Dawn' })
      .where(eq(offers.urlName, 'red-fox'));
    // The change notice reaches the page cache (as it would every process's).
    await until('the new title on the page', async () =>
      (await title()) === 'Red Fox at Dawn' ? true : undefined,
    );
    // Many renders, each asking the API, with a limit of 2 API requests a minute per visitor.
    for (const name of ['night-owl', 'blue-whale', 'neon-comet']) {
      const response = await instance.inject({
        method: 'GET',
        url: `/gallery/picture/${name}?v=1`,
      });
      expect(response.body).not.toContain('status 429');
    }
  });
  it('answers 404 without the preview preload once a cached picture is withdrawn', async () => {
    await seedCatalog();
    const instance = await app();
    const page = () => instance.inject({ method: 'GET', url: '/gallery/picture/blue-whale' });

    const first = await page();
    expect(first.statusCode).toBe(200);
    expect(first.headers.link).toContain('as=image');
    await ctx.database.db
      .update(offers)
      .set({ published: false })
      .where(eq(offers.urlName, 'blue-whale'));
    // The page, its status and its preload are all forgotten on the change notice.
    const withdrawn = await until('the withdrawn picture answering 404', async () => {
      const response = await page();
      return response.statusCode === 404 ? response : undefined;
    });
    expect(withdrawn.headers.link).toBeUndefined();
  });
});
