import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CURRENCIES,
  CURRENCY_COOKIE,
  DEFAULT_CURRENCY,
  isOneOf,
  type Currency,
  type Locale,
} from '@pictura/contract';
import { pageRenderCache } from '../infra/metrics/index.js';
import { createTtlCache } from '../lib/index.js';
import type { InternalRequests } from './internal-requests.js';
import type { RenderReads } from './render-reads.js';
import { createPageAssets } from './page-assets.js';
import { loadPageTemplate, type RenderedParts } from './page-template.js';
import { cookieValue, likelyLocale } from './spa-preload.js';

/** What the web build's server module exports (apps/web/src/entry-server.tsx). */
interface WebRenderer {
  renderPage(request: {
    url: string;
    locale: Locale;
    currency: Currency;
    testShop: boolean;
    fetch: typeof fetch;
    read: (url: string) => Promise<string | undefined>;
  }): Promise<
    Omit<RenderedParts, 'lang' | 'assetsHtml'> & {
      status: number;
      redirect?: string;
      pages: string[];
    }
  >;
}

/** Where apps/web/vite.config.ts writes the server module: a dot-directory is never served. */
export const RENDERER_PATH = '.ssr/entry-server.js';

/**
 * A page as the server answers it. A rendered page keeps its status and `Link` header with its
 * HTML, so that an answer from the cache asks nothing more of the database.
 */
export type PageAnswer =
  | { kind: 'page'; status: number; html: string; link?: string }
  | { kind: 'redirect'; status: number; location: string };

/** What a page's answer takes from the data besides its HTML: its status and `Link` header. */
export interface PageFacts {
  /** 404 for a catalog page whose subject is not there, else 200. */
  status: number;
  link?: string;
}

export interface PageRendererOptions {
  distDir: string;
  /** The shop's public address: canonical URLs and previews point there, never at a Host header. */
  publicUrl: string;
  testShop: boolean;
  internal: InternalRequests;
  /** The API answers read in this process rather than through their route (render-reads.ts). */
  reads: RenderReads;
}

/** The currency the page's prices are shown in: the browser's choice, mirrored in a cookie. */
export function currencyOf(request: Pick<FastifyRequest, 'headers'>): Currency {
  const value = cookieValue(request.headers.cookie, CURRENCY_COOKIE.name);
  return isOneOf(CURRENCIES, value) ? value : DEFAULT_CURRENCY;
}

/**
 * The app's API calls during a render that its reads do not answer (render-reads.ts) go to this
 * process through Fastify's `inject`: no socket, and the same routes, validation and caches as any
 * other caller.
 */
function injectedFetch(app: FastifyInstance, internal: InternalRequests): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answer = await app.inject({
      method: init?.method === 'GET' || init?.method === undefined ? 'GET' : 'POST',
      url,
      headers: { ...(init?.headers as Record<string, string> | undefined), ...internal.headers },
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    const body = answer.statusCode === 204 || answer.statusCode === 304 ? null : answer.rawPayload;
    return new Response(body, { status: answer.statusCode, headers });
  };
}

/** Where the app's API addresses (a path and query) are resolved: only those parts are read. */
const SELF = 'http://render.invalid';

export interface PageRenderer {
  /**
   * The page at the request's address in its visitor's language and currency, from the cache
   * when it holds it. `factsOf` gives what data decides besides the HTML (404 for a picture that
   * is not there, the preview's preload); it is asked only when the page is rendered.
   */
  answer(request: FastifyRequest, factsOf: () => Promise<PageFacts>): Promise<PageAnswer>;
  /** Another page (the error page) for this request's visitor, rendered afresh with `facts`. */
  renderPath(request: FastifyRequest, path: string, facts: PageFacts): Promise<PageAnswer>;
  /** Forgets every cached page: the catalog changed. */
  clear(): void;
}

/**
 * Rendered pages are kept as long as the catalog's own answers (catalog-caches.ts) and cleared by
 * the same change notices. A page is some 20 to 60 kB: at most about 30 MB.
 */
const CACHE_TTL_MS = 30_000;
const CACHE_ENTRIES = 500;

/**
 * Loads the web build's server module and returns what renders a page request, or nothing
 * without a server build (the browser then renders every page itself from index.html).
 */
export async function createPageRenderer(
  app: FastifyInstance,
  options: PageRendererOptions,
): Promise<PageRenderer | undefined> {
  const file = join(options.distDir, RENDERER_PATH);
  if (!existsSync(file)) return undefined;
  const renderer = (await import(pathToFileURL(file).href)) as WebRenderer;
  const template = loadPageTemplate(options.distDir);
  const assetsOf = createPageAssets(options.distDir);
  const fetchInjected = injectedFetch(app, options.internal);
  const read = (url: string) => options.reads.read(new URL(url, SELF));

  const cache = createTtlCache<PageAnswer>({ ttlMs: CACHE_TTL_MS, maxEntries: CACHE_ENTRIES });

  async function render(
    url: string,
    locale: Locale,
    currency: Currency,
    factsOf: () => Promise<PageFacts>,
  ): Promise<PageAnswer> {
    const [rendered, facts] = await Promise.all([
      renderer.renderPage({
        url: new URL(url, options.publicUrl).href,
        locale,
        currency,
        testShop: options.testShop,
        fetch: fetchInjected,
        read,
      }),
      factsOf(),
    ]);
    if (rendered.redirect !== undefined) {
      return { kind: 'redirect', status: rendered.status, location: rendered.redirect };
    }
    const html = template({ ...rendered, lang: locale, assetsHtml: assetsOf(rendered.pages) });
    const status = Math.max(facts.status, rendered.status);
    return { kind: 'page', status, html, ...(facts.link ? { link: facts.link } : {}) };
  }

  // Everything a page's HTML depends on besides its address: it is always rendered signed out.
  // These are also what the answer's `Vary` names.
  const visitorOf = (request: FastifyRequest) =>
    [
      likelyLocale(request.headers.cookie, request.headers['accept-language']),
      currencyOf(request),
    ] as const;

  return {
    answer(request, factsOf) {
      const [locale, currency] = visitorOf(request);
      let rendered = false;
      const answer = cache.get(`${locale} ${currency} ${request.url}`, () => {
        rendered = true;
        return render(request.url, locale, currency, factsOf);
      });
      pageRenderCache.inc({ result: rendered ? 'miss' : 'hit' });
      return answer;
    },
    renderPath(request, path, facts) {
      const [locale, currency] = visitorOf(request);
      return render(path, locale, currency, async () => facts);
    },
    clear: () => cache.clear(),
  };
}
