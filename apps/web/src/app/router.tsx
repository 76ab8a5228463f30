import {
  createBrowserRouter,
  matchRoutes,
  type HydrationState,
  type RouteObject,
} from 'react-router';
import { appQueryClient } from '../lib/query-client';
import { guardRedirect } from './guards';
import { releaseWatcher } from './release';
import { createRoutes, type LazyPage } from './routes';

type BrowserRouter = ReturnType<typeof createBrowserRouter>;
let router: BrowserRouter | undefined;

/**
 * A page chunk that fails to load most likely belongs to a build the server no longer has: reload
 * the app (once, under the release guard) into the page the user was going to. While the reload
 * is under way the navigation simply stays pending; when the guard blocks it, the error reaches
 * the route's error element.
 */
const lazyPage: LazyPage = (load) => async () => {
  try {
    const module = await load();
    return { Component: module.default };
  } catch (error) {
    if (releaseWatcher.onChunkLoadError(pendingNavigationUrl()) === 'reloading') {
      return new Promise<never>(() => undefined);
    }
    throw error;
  }
};

const routes: RouteObject[] = createRoutes(lazyPage, appQueryClient);

/**
 * Whether the guards of the address's routes let it through in this browser: a signed-in visitor
 * on the log-in page, or a signed-out one on a signed-in page, is redirected, which the server,
 * not seeing the session, could not do. Only then is the server's HTML not the page to hydrate.
 */
export function guardsAllow(location: Location): boolean {
  const url = new URL(location.href);
  const matches = matchRoutes(routes, location) ?? [];
  return matches.every(({ route }) => guardRedirect(route.loader, url) === undefined);
}

/**
 * Loads the code of the routes the address matches, so that the router's first render is the
 * page itself, as the server drew it, rather than the fallback shown while code loads.
 */
export async function loadMatchedRoutes(location: Location): Promise<void> {
  const lazyMatches = (matchRoutes(routes, location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const lazy = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, { ...(await lazy()), lazy: undefined });
    }),
  );
}

/** Made once, at start: with the server's data when hydrating its HTML. */
export function startRouter(hydrationData?: HydrationState): BrowserRouter {
  router = createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
  return router;
}

export function navigate(to: string): void {
  void router?.navigate(to);
}

/** The address of the navigation under way, if any, as a full-page URL. */
export function pendingNavigationUrl(): string | undefined {
  const next = router?.state.navigation.location;
  return next && router ? router.createHref(next) : undefined;
}
