import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Currency, Locale } from '@pictura/contract';
import { AppErrorBoundary } from './app/errors/app-error-boundary';
import { PageLoading } from './app/page-loading';
import { createRoutes, type LazyPage, type PageHandle } from './app/routes';
import { PAGE_PARAM, readFirstPage } from './features/gallery/filters';
import { createQueryClient } from './lib/query-client';
import { PageHeadContext, type PageHead } from './lib/page-head';
import { setRenderScopeReader, type RenderScope } from './lib/render-scope';
import { headHtml, jsonForScript, type HeadDefaults } from './ssr/head-html';
import { serverI18n } from './ssr/server-i18n';
import { serializeQueries, type RenderPayload } from './ssr/render-payload';

/**
 * The server's side of the storefront: renders a page of the same route tree, with the same
 * loaders, as the browser (see docs/decisions/rendering/README.md). apps/server loads this module
 * from the web build (`dist/.ssr/entry-server.js`) and calls `renderPage` for every page request.
 */

/** What belongs to one page render: its request's values and its own query cache. */
interface Render {
  scope: RenderScope;
  queryClient: QueryClient;
}

const renders = new AsyncLocalStorage<Render>();
setRenderScopeReader(() => renders.getStore()?.scope);

/** On the server a page's code is imported as it is: the build bundles it with this module. */
const serverPage: LazyPage = (load) => async () => ({ Component: (await load()).default });
/** The signed-in pages: only their shell, as the server cannot see the session. */
const shellOnly: LazyPage = () => async () => ({ Component: PageLoading });

/**
 * The query client of the render under way, for the route loaders. The route tree and its handler
 * are made once per process, as React Router means a static handler to be used: making them for
 * each request (so that the loaders could be handed that request's client) ranked the whole route
 * tree every time, about a tenth of a page's render
 * (docs/decisions/performance/what-a-server-rendered-page-costs.md). Every call goes to the client
 * of the render it is made in.
 */
const renderQueryClient = new Proxy(Object.create(QueryClient.prototype) as QueryClient, {
  get(_target, property) {
    const client = renders.getStore()?.queryClient;
    if (!client) throw new Error('a route loader ran outside a page render');
    const value: unknown = Reflect.get(client, property, client);
    return typeof value === 'function'
      ? (value as (...args: unknown[]) => unknown).bind(client)
      : value;
  },
});
const handler = createStaticHandler(createRoutes(serverPage, renderQueryClient, shellOnly));

export interface PageRequest {
  /** The full address asked for (origin, path and query). */
  url: string;
  locale: Locale;
  currency: Currency;
  testShop: boolean;
  /** Answers the app's API calls: the server itself, without the network. */
  fetch: typeof fetch;
  /** The JSON text of a GET's 200 answer the server reads itself, or undefined: `fetch` asks. */
  read?: (url: string) => Promise<string | undefined>;
}

export interface RenderedPage {
  /** The router's status: 200, or that of an error a loader threw. */
  status: number;
  /** Where a loader redirected to; nothing was rendered then. */
  redirect?: string;
  /** The page's own title, description, canonical address, previews and structured data. */
  headHtml: string;
  /** The app's markup, for inside `#root`. */
  html: string;
  /** For the page's `<script type="application/json">` (already safe to put there). */
  payload: string;
  /** The page modules the address matched (src/app/routes/<name>.tsx): their code and styles. */
  pages: string[];
}

/** Renders to one string once everything is ready: crawlers and the page cache want it whole. */
function renderToString(app: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(app, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      // An error inside the page fails the whole render: the server then answers its error page.
      onError: reject,
    });
  });
}

function isRedirect(value: StaticHandlerContext | Response): value is Response {
  return value instanceof Response;
}

/** The shop's own preview image (apps/web/public), for pages without a picture of their own. */
const SHARE_CARD_PATH = '/share-card.png';

const OG_LOCALES: Record<Locale, string> = { en: 'en_US', es: 'es_ES', ja: 'ja_JP' };

/** The page modules whose query's page number shows other pictures (src/app/routes). */
const PAGED_PAGES = new Set(['gallery', 'gallery-category']);

/**
 * One address per page. Paths are matched without regard to case and a trailing slash is the same
 * page (the shop's routes and url names are lower case); of the query, only the gallery's page
 * number makes another page, and a value the gallery reads as the first page (1, malformed) does not.
 */
function canonicalUrl(url: URL, pages: readonly string[]): string {
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const canonical = new URL(path.toLowerCase() || '/', url.origin);
  const page = readFirstPage(url.searchParams);
  if (page > 1 && pages.some((name) => PAGED_PAGES.has(name))) {
    canonical.searchParams.set(PAGE_PARAM, String(page));
  }
  return canonical.href;
}

export async function renderPage(request: PageRequest): Promise<RenderedPage> {
  const scope: RenderScope = {
    currency: request.currency,
    locale: request.locale,
    testShop: request.testShop,
    origin: new URL(request.url).origin,
    fetch: request.fetch,
    ...(request.read ? { read: request.read } : {}),
  };
  const queryClient = createQueryClient();
  return renders.run({ scope, queryClient }, async () => {
    const context = await handler.query(new Request(request.url));
    if (isRedirect(context)) {
      return {
        status: context.status,
        redirect: context.headers.get('location') ?? '/',
        headHtml: '',
        html: '',
        payload: '',
        pages: [],
      };
    }
    const router = createStaticRouter(handler.dataRoutes, context);
    const handles = context.matches.flatMap(({ route }) => (route.handle as PageHandle) ?? []);
    const pages = handles.map((handle) => handle.page);
    // Of a signed-in page the server draws only the shell: the browser draws the page itself
    // rather than hydrating a shell its first render (the page) does not match.
    const shell = handles.some((handle) => handle.signedIn);
    const head: PageHead = {};
    const html = await renderToString(
      <StrictMode>
        <I18nextProvider i18n={serverI18n(request.locale)}>
          <AppErrorBoundary>
            <QueryClientProvider client={queryClient}>
              <PageHeadContext value={head}>
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              </PageHeadContext>
            </QueryClientProvider>
          </AppErrorBoundary>
        </I18nextProvider>
      </StrictMode>,
    );
    const payload: RenderPayload = {
      scope: { currency: scope.currency, locale: scope.locale, testShop: scope.testShop },
      // A page that a loader failed on, or a shell, is rendered afresh in the browser (main.tsx).
      hydrate: context.errors === null && !shell,
      router: { loaderData: context.loaderData },
      queries: serializeQueries(
        dehydrate(queryClient, {
          // Failed answers too (a picture that does not exist): the browser must draw what the
          // server drew. It asks again for what failed otherwise, not for a missing picture (useOffer).
          shouldDehydrateQuery: (query) => query.state.status !== 'pending',
        }),
      ),
    };
    queryClient.clear();
    const i18n = serverI18n(request.locale);
    const headDefaults: HeadDefaults = {
      canonicalUrl: canonicalUrl(new URL(request.url), pages),
      description: i18n.t('app.description'),
      image: new URL(SHARE_CARD_PATH, scope.origin).href,
      siteName: i18n.t('app.name'),
      ogLocale: OG_LOCALES[request.locale],
    };
    return {
      status: context.statusCode,
      headHtml: headHtml(head, headDefaults),
      html,
      payload: jsonForScript(payload),
      pages,
    };
  });
}
