import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paths, signedInOnlyPaths } from '@pictura/contract';
import type { Sitemaps } from './sitemap.js';

/** Crawlers may reread these hourly; a new offer is in its sitemap within the hour. */
const CRAWLER_CACHE = 'public, max-age=3600';

/** What no crawler has any use for: the API, the back office and everything behind a sign-in. */
const DISALLOWED = [
  '/api/',
  // The back office's pages (the web app's /admin routes).
  '/admin',
  ...signedInOnlyPaths,
  paths.wallet,
  paths.paymentResult,
  paths.verifyEmail,
];

const SitemapParamsSchema = z.object({
  name: z.string().regex(/^(pages|offers-[1-9]\d{0,6})\.xml$/, 'Unknown sitemap'),
});

/** /robots.txt and the sitemaps it names; none of it is API, so the OpenAPI document omits it. */
export const crawlerRoutes: FastifyPluginAsyncZod<{
  sitemaps: Sitemaps;
  publicUrl: string;
}> = async (app, { sitemaps, publicUrl }) => {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const lines = [
      'User-agent: *',
      ...DISALLOWED.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${publicUrl}/sitemap.xml`,
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CRAWLER_CACHE)
      .send(`${lines.join('\n')}\n`);
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CRAWLER_CACHE)
      .send(await sitemaps.index()),
  );

  app.get(
    '/sitemaps/:name',
    { schema: { hide: true, params: SitemapParamsSchema } },
    async (request, reply) => {
      const { name } = request.params;
      const offersPart = /^offers-(\d+)\.xml$/.exec(name)?.[1];
      reply.type('application/xml; charset=utf-8').header('cache-control', CRAWLER_CACHE);
      return reply.send(offersPart ? sitemaps.offers(Number(offersPart)) : await sitemaps.pages());
    },
  );
};
