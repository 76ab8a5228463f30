import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { loadLaterPage } from './later-pages';
import { createRoutes, type PageHandle } from './routes';

/** The routes by page name, each loading its page module as the server does. */
function routesByPage(): Map<string, RouteObject> {
  const found = new Map<string, RouteObject>();
  const walk = (routes: RouteObject[]) => {
    for (const route of routes) {
      const handle = route.handle as PageHandle | undefined;
      if (handle) found.set(handle.page, route);
      walk(route.children ?? []);
    }
  };
  walk(createRoutes((load) => async () => ({ Component: (await load()).default })));
  return found;
}

describe('route page modules', () => {
  it('loads the component of first views and later pages alike', async () => {
    const routes = routesByPage();
    for (const name of ['home', 'gallery', 'picture', 'cart', 'contact', 'admin/overview']) {
      const lazy = routes.get(name)?.lazy as (() => Promise<RouteObject>) | undefined;
      expect(typeof (await lazy?.())?.Component, name).toBe('function');
    }
  }, 30_000);

  it('fails to load a page that has no module', async () => {
    await expect(loadLaterPage('no-such-page')).rejects.toThrow(
      'no page module src/app/routes/no-such-page.tsx',
    );
  });
});
