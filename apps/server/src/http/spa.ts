import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { paths } from '@pictura/contract';
import type { InternalRequests } from './internal-requests.js';
import type { RenderReads } from './render-reads.js';
import {
  createPageRenderer,
  type PageAnswer,
  type PageFacts,
  type PageRenderer,
} from './page-render.js';
import { createPageCompressor, pageEncoding } from './page-compression.js';
import { pageStatus, type CatalogPageLookup } from './page-status.js';

/** Answers a page request with the SPA's index.html (used by the not-found handler). */
export type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/** More `Link` values for a page, from its path (the picture page's preview); never rejects. */
export type PageLinks = (path: string) => Promise<string | undefined>;

export interface PageData {
  /** What the page's data adds to its `Link` header. */
  links: PageLinks;
  /** Whether a catalog page's subject exists: its answer is a 404 otherwise. */
  exists: CatalogPageLookup;
  /** Calls `onChange` on every change to the catalog, in any process. */
  watchCatalog(onChange: () => void): Promise<{ close(): Promise<void> }>;
}

export interface PageRendering {
  publicUrl: string;
  testShop: boolean;
  internal: InternalRequests;
  reads: RenderReads;
}

/**
 * A page's HTML depends on the language (cookie, else Accept-Language) and the currency (cookie):
 * a shared cache keeps one copy per value of these
 * (docs/operations.md#pages-rendering-and-caching-in-front).
 */
export const PAGE_VARY = 'cookie, accept-language, accept-encoding';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/**
 * Vite puts content-hashed files under assets/, so they can be cached for a year. Everything else
 * (index.html, builds/latest.json and builds/meta/*.json for release detection, locale files,
 * favicon) keeps its name across releases and must be revalidated on every use.
 */
export function cacheControlFor(pathInDist: string): string {
  const path = pathInDist.split(sep).join('/');
  return path.startsWith('assets/') ? IMMUTABLE : NO_CACHE;
}

/**
 * Serves the built web app from `distDir`. Returns the fallback for page paths, or nothing (API
 * only, with a warning) when there is no build to serve. `pageData` gives a page answer what
 * depends on data, not on the build: its status and more of its `Link` header.
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
  pageData: PageData,
  rendering: PageRendering,
): Promise<SpaFallback | undefined> {
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'no web build found (run `npm run build`); serving the API only');
    return undefined;
  }

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    cacheControl: false,
    dotfiles: 'ignore',
    // The web build writes .br and .gz copies of its text files (apps/web/build-tools/precompress.ts):
    // browsers that accept them get those, with `Vary: accept-encoding`; others the file itself.
    preCompressed: true,
    // `/` is answered by the page route below, like every other page, so that its `Link` header can
    // be built from the request (@fastify/static's `setHeaders` sees only Node's response).
    index: false,
    // A route per file of the build (listed once, at start) rather than one wildcard route: with
    // the wildcard, every page request first looked for a file of its name on disk (`stat` calls,
    // also for a cached page) before the not-found handler answered it with the page.
    wildcard: false,
    setHeaders: (response, filePath) => {
      // The file sent may be a compressed copy: its headers are those of the file it copies.
      const pathInDist = relative(distDir, filePath).replace(/\.(br|gz)$/, '');
      response.setHeader('cache-control', cacheControlFor(pathInDist));
      // Any file may go out as its compressed copy, so a cache keeps one answer per encoding.
      response.setHeader('vary', 'accept-encoding');
    },
  });

  const pages = await createPageRenderer(app, { distDir, ...rendering });
  if (pages) {
    const changes = await pageData.watchCatalog(pages.clear);
    app.addHook('onClose', () => changes.close());
  }

  /**
   * The page's status and `Link` header: only what the page shows (the picture page's preview), as
   * its code and translations load after it (apps/web/src/boot.ts) and must take no bandwidth from it.
   */
  const factsOf = async (path: string): Promise<PageFacts> => {
    const [link, status] = await Promise.all([
      pageData.links(path),
      pageStatus(path, pageData.exists),
    ]);
    return link ? { status, link } : { status };
  };

  const compressPage = createPageCompressor();
  const servePage: SpaFallback = async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    reply.header('cache-control', NO_CACHE).header('vary', PAGE_VARY);
    if (!pages) {
      const facts = await factsOf(path);
      if (facts.link) reply.header('link', facts.link);
      return reply.code(facts.status).sendFile('index.html');
    }
    const page = await renderOrFail(pages, request, () => factsOf(path), { status: 500 });
    if (!page) return reply.code(500).sendFile('index.html');
    if (page.kind === 'redirect') return reply.redirect(page.location, page.status);
    if (page.link) reply.header('link', page.link);
    reply.code(page.status).type('text/html; charset=utf-8');
    // Compressed here, not by the compression plugin: a page other than `/` is answered where no
    // route matched (the not-found handler), which the plugin does not hook into.
    const encoding = pageEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(page.html);
    return reply.header('content-encoding', encoding).send(await compressPage(page, encoding));
  };
  app.get('/', { schema: { hide: true } }, servePage);
  return servePage;
}

/**
 * A page whose render fails answers 500 with the error page, and the cause is logged with the
 * request's id; when even the error page cannot be rendered, the bare app (index.html) goes out.
 */
async function renderOrFail(
  pages: PageRenderer,
  request: FastifyRequest,
  factsOf: () => Promise<PageFacts>,
  errorFacts: PageFacts,
): Promise<PageAnswer | undefined> {
  try {
    return await pages.answer(request, factsOf);
  } catch (error) {
    request.log.error({ err: error, url: request.url }, 'rendering the page failed');
    const errorPage = await pages
      .renderPath(request, paths.error, errorFacts)
      .catch(() => undefined);
    return errorPage?.kind === 'page' ? errorPage : undefined;
  }
}
