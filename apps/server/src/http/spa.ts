import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageStatus, type CatalogPageLookup } from './page-status.js';
import { createPreloadHints } from './spa-preload.js';

/** Answers a page request with the SPA's index.html (used by the not-found handler). */
export type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/** More `Link` values for a page, from its path (the picture page's preview); never rejects. */
export type PageLinks = (path: string) => Promise<string | undefined>;

export interface PageData {
  /** What the page's data adds to its `Link` header. */
  links: PageLinks;
  /** Whether a catalog page's subject exists: its answer is a 404 otherwise. */
  exists: CatalogPageLookup;
}

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
): Promise<SpaFallback | undefined> {
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'no web build found (run `npm run build`); serving the API only');
    return undefined;
  }

  const preloadHints = createPreloadHints(distDir);
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
    setHeaders: (response, filePath) => {
      // The file sent may be a compressed copy: its headers are those of the file it copies.
      const pathInDist = relative(distDir, filePath).replace(/\.(br|gz)$/, '');
      response.setHeader('cache-control', cacheControlFor(pathInDist));
      // Any file may go out as its compressed copy, so a cache keeps one answer per encoding.
      response.setHeader('vary', 'accept-encoding');
    },
  });

  const servePage: SpaFallback = async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const [status, fromData] = await Promise.all([
      pageStatus(path, pageData.exists),
      pageData.links(path),
    ]);
    reply.code(status);
    // The page's code and locale first, then what its data adds (the picture page's preview).
    const links = [preloadHints?.(request), fromData].filter(Boolean);
    if (links.length > 0) reply.header('link', links.join(', '));
    return reply.sendFile('index.html');
  };
  app.get('/', { schema: { hide: true } }, servePage);
  return servePage;
}
