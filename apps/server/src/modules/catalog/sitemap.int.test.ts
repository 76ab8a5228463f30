import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { paths, signedInOnlyPaths } from '@pictura/contract';
import { describeEachEngine, seedTestCatalog } from '../../test/index.js';
import { TEST_OFFERS } from '../../test/catalog.js';
import { categories, offers } from './index.js';

const locsOf = (xml: string): string[] =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');

describeEachEngine('robots.txt and the sitemaps', (ctx) => {
  it('keeps crawlers out of the API, the back office and signed-in pages, and names the sitemap', async () => {
    const app = await ctx.buildApp();

    const response = await app.inject({ method: 'GET', url: '/robots.txt' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const disallowed = response.body
      .split('\n')
      .filter((line) => line.startsWith('Disallow: '))
      .map((line) => line.slice('Disallow: '.length));
    expect(disallowed).toEqual(
      expect.arrayContaining(['/api/', '/admin', ...signedInOnlyPaths, paths.wallet]),
    );
    expect(disallowed).not.toContain(paths.gallery);
    expect(response.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });

  it('lists every category and every published offer with its lastmod, and no unpublished one', async () => {
    const app = await ctx.buildApp();
    const db = ctx.database.db;
    await seedTestCatalog(db);
    const edited = new Date('2030-05-04T03:02:01.000Z');
    await db.update(offers).set({ updatedAt: edited }).where(eq(offers.urlName, 'red-fox'));

    const index = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    expect(index.body).toContain(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    );
    const sitemapUrls = locsOf(index.body);
    expect(sitemapUrls).toEqual([
      'http://localhost:3000/sitemaps/pages.xml',
      'http://localhost:3000/sitemaps/offers-1.xml',
    ]);

    const pages = await app.inject({ method: 'GET', url: '/sitemaps/pages.xml' });
    const categoryNames = (await db.select({ urlName: categories.urlName }).from(categories)).map(
      (row) => row.urlName,
    );
    expect(locsOf(pages.body)).toEqual(
      expect.arrayContaining([
        'http://localhost:3000/',
        'http://localhost:3000/gallery',
        ...categoryNames.map((name) => `http://localhost:3000/gallery/${name}`),
      ]),
    );
    expect(pages.body).not.toContain('/cart');
    // A category's lastmod is its newest offer's; every category has one.
    expect([...pages.body.matchAll(/<lastmod>/g)]).toHaveLength(categoryNames.length);
    expect(pages.body).toMatch(
      /<loc>http:\/\/localhost:3000\/gallery\/animals<\/loc><lastmod>2030-05-04T03:02:01.000Z<\/lastmod>/,
    );

    const offerSitemap = await app.inject({ method: 'GET', url: '/sitemaps/offers-1.xml' });
    const published = TEST_OFFERS.filter((offer) => offer.published !== false);
    expect(locsOf(offerSitemap.body).sort()).toEqual(
      published.map((offer) => `http://localhost:3000/gallery/picture/${offer.urlName}`).sort(),
    );
    expect(offerSitemap.body).toContain(
      '<loc>http://localhost:3000/gallery/picture/red-fox</loc><lastmod>2030-05-04T03:02:01.000Z</lastmod>',
    );
    expect(offerSitemap.body).not.toContain('hidden-fox');
    expect(locsOf(offerSitemap.body)).toHaveLength(published.length);
    expect([...offerSitemap.body.matchAll(/<lastmod>/g)]).toHaveLength(published.length);
  });

  it('refuses a sitemap name it does not make', async () => {
    const app = await ctx.buildApp();

    const response = await app.inject({ method: 'GET', url: '/sitemaps/..%2Fsecrets.xml' });

    expect(response.statusCode).toBe(400);
  });

  it('streams 100,000 offers in sitemaps of at most 50,000 URLs without holding them in memory', async () => {
    const db = ctx.database.db;
    const [category] = await db
      .insert(categories)
      .values({ urlName: 'bulk', nameEn: 'Bulk', nameEs: 'Bulk', nameJa: 'Bulk' })
      .returning({ id: categories.id });
    await db.execute(sql`
      insert into offers (url_name, title, description, style, width, height, category_id, prompt,
        seed, image_key, placeholder, min_price_eur, min_price_usd, search_document)
      select 'bulk-offer-' || n, 'Bulk offer ' || n, 'A picture', 'Nature', 1600, 1000,
        ${category?.id}, 'prompt', n, 'key', 'data:,', 500, 600, to_tsvector('english', 'bulk')
      from generate_series(1, 100000) as n`);
    const app = await ctx.buildApp();
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });

    const index = await (await fetch(`${origin}/sitemap.xml`)).text();
    const offerSitemaps = locsOf(index).filter((loc) => loc.includes('/sitemaps/offers-'));
    expect(offerSitemaps.length).toBeGreaterThanOrEqual(2);

    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let total = 0;
    for (const loc of offerSitemaps) {
      const response = await fetch(loc.replace('http://localhost:3000', origin));
      expect(response.status).toBe(200);
      let count = 0;
      let carry = '';
      const decoder = new TextDecoder();
      for await (const chunk of response.body ?? []) {
        const text = carry + decoder.decode(chunk, { stream: true });
        const ends = text.split('</url>');
        count += ends.length - 1;
        carry = ends.at(-1) ?? '';
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
      expect(count).toBeLessThanOrEqual(50_000);
      total += count;
    }

    const [published] = await db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(offers)
      .where(eq(offers.published, true));
    expect(published?.count).toBeGreaterThanOrEqual(100_000);
    expect(total).toBe(published?.count);
    // Measured on PGlite: 12 MB streamed 1,000 rows at a time; 61 MB reading a sitemap's 50,000 rows
    // in one query (and the whole document as one string would add its 13 MB twice over).
    expect(peak - before).toBeLessThan(40e6);
  }, 120_000);
});
