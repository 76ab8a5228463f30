import { createBrowserRouter } from 'react-router';
import { appQueryClient } from '../lib/query-client';
import { releaseWatcher } from './release';
import { createRoutes, type LazyPage } from './routes';

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

export const router = createBrowserRouter(createRoutes(lazyPage, appQueryClient));

/** The address of the navigation under way, if any, as a full-page URL. */
export function pendingNavigationUrl(): string | undefined {
  const next = router.state.navigation.location;
  return next ? router.createHref(next) : undefined;
}
