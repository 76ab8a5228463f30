// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { apiPaths, paths, staticPaths, STORAGE_KEYS } from '@pictura/contract';
import { clearTokens, isSignedIn, setTokens } from '../lib/session';
import { fakeApi, json } from '../test/forms';
import {
  confirmCurrencySwitch,
  heading,
  renderApp,
  settle,
  type RenderedApp,
} from '../test/render-app';
import { RouteError } from './errors/route-error';
import { createRoutes } from './routes';

const user = userEvent.setup({ delay: null });

let app: RenderedApp | undefined;
async function open(
  url: string,
  routes?: RouteObject[],
  settleWithinMs?: number,
): Promise<RenderedApp> {
  app = await renderApp(url, routes, settleWithinMs);
  return app;
}

afterEach(() => {
  app?.unmount();
  app = undefined;
  clearTokens();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const signIn = () => setTokens({ accessToken: 'access', refreshToken: 'refresh' });
const where = (rendered: RenderedApp) =>
  `${rendered.router.state.location.pathname}${rendered.router.state.location.search}`;

describe('layout', () => {
  it('has a skip link, the landmarks and the header controls', async () => {
    const { container } = await open(paths.home);
    const page = within(container);
    const skip = page.getByRole('link', { name: 'Skip to content' });
    // The skip link's target is the main landmark.
    expect(skip.getAttribute('href')).toBe('#main');
    expect(page.getByRole('main').id).toBe('main');
    page.getAllByRole('banner');
    page.getByRole('contentinfo');
    const navs = page.getAllByRole('navigation').map((nav) => nav.getAttribute('aria-label'));
    expect(navs).toEqual(['Main', 'Account', 'Footer']);
    const controls = page
      .getAllByRole<HTMLSelectElement>('combobox')
      .map((select) => select.labels[0]?.textContent);
    expect(controls).toEqual(['Language', 'Currency']);
    expect(page.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(page.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/sign-up');
  });

  it('draws the layout and the cookie banner while the first page is still loading', async () => {
    // A page whose code never arrives: what shows is what a slow phone shows until it does.
    const { container, router } = await open(
      paths.home,
      createRoutes(() => () => new Promise(() => {})),
      500,
    );
    expect(router.state.initialized).toBe(false);
    within(container).getAllByRole('banner');
    within(container).getByRole('contentinfo');
    expect(container.textContent).toContain('Cookies and storage in your browser');
    const main = within(container).getByRole('main');
    expect(main.id).toBe('main');
    expect(within(main).queryAllByRole('status')[0]?.textContent).toBe('Loading…');
  });

  it('switches the language and <html lang> with it', async () => {
    const { container } = await open(paths.home);
    const select = within(container).getByRole<HTMLSelectElement>('combobox', { name: 'Language' });
    await user.selectOptions(select, 'es');
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
    const principal = within(container).getByRole('navigation', { name: 'Principal' });
    expect(within(principal).getAllByRole('link')[0]?.textContent).toBe('Galería');
    expect(select.value).toBe('es');
    await user.selectOptions(select, 'en');
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
  });

  it('switching the currency saves it and empties the cart', async () => {
    localStorage.setItem(STORAGE_KEYS.cart, '[{"attributes":{"id":1}}]');
    const { container } = await open(paths.home);
    const select = within(container).getByRole<HTMLSelectElement>('combobox', { name: 'Currency' });
    expect(select.value).toBe('EUR');
    await user.selectOptions(select, 'USD');
    await confirmCurrencySwitch(user);
    expect(select.value).toBe('USD');
    expect(localStorage.getItem(STORAGE_KEYS.currency)).toBe('USD');
    expect(localStorage.getItem(STORAGE_KEYS.cart)).toBeNull();
  });

  it("shows an admin the way to the back office on any page, from the profile's role", async () => {
    const profile = { email: 'admin@example.com', firstName: null, lastName: null, country: null };
    const calls = fakeApi({
      [apiPaths.accountsProfile]: () => json(200, { ...profile, currency: 'EUR', isAdmin: true }),
    });
    signIn();
    const rendered = await open(paths.home);

    await waitFor(() =>
      expect(
        within(rendered.container).getByRole('link', { name: 'Back office' }).getAttribute('href'),
      ).toBe('/admin'),
    );
    expect(calls.filter((call) => call.path === apiPaths.accountsProfile)).toHaveLength(1);
  });

  it('shows Account and Log out when signed in; logging out leaves a signed-in-only page', async () => {
    signIn();
    const rendered = await open(paths.cart);
    const page = within(rendered.container);
    const logOut = page.getByRole('button', { name: 'Log out' });
    expect(page.getByRole('link', { name: 'Account' }).getAttribute('href')).toBe(
      '/account-settings',
    );
    await user.click(logOut);
    await settle(rendered.router);
    expect(isSignedIn()).toBe(false);
    expect(where(rendered)).toBe('/');
    expect(page.getAllByRole('link').map((link) => link.getAttribute('href'))).toContain('/login');
  });
});

describe('routes of docs/product/screens.md', () => {
  it.each(staticPaths.map((path) => [path]))(
    '%s renders a page with a heading and title',
    async (path) => {
      const rendered = await open(path);
      expect(heading(rendered.container)).toBeTruthy();
      expect(document.title).toMatch(/Pictura/);
    },
  );

  // /gallery/{categoryName} and /gallery/picture/{urlName} load catalog data: their tests, with a
  // fake catalog API, are routes/gallery.test.tsx and routes/picture.test.tsx.

  it('shows "Page Not Found: {path}" for an unknown address', async () => {
    const { container } = await open('/no/such-page');
    expect(heading(container)).toBe('Page Not Found: /no/such-page');
  });

  it.each([
    ['/error?status=404', 'Page Not Found'],
    ['/error?status=500', 'Internal Server Error'],
    ['/error?status=502', 'Internal Server Error'],
    ['/error', 'Internal Server Error'],
  ])('%s shows %s', async (url, message) => {
    expect(heading((await open(url)).container)).toBe(message);
  });

  it('shows the reason on /not-logged-in', async () => {
    const { container } = await open('/not-logged-in?reason=You%20were%20logged%20out');
    expect(within(container).queryAllByRole('status')[0]?.textContent).toBe(
      'Reason: You were logged out',
    );
  });

  it.each(['Your account is suspended, call +1 555 0100', 'toString', '__proto__'])(
    'shows no text the address brings on /not-logged-in (%s)',
    async (reason) => {
      const { container } = await open(`/not-logged-in?reason=${encodeURIComponent(reason)}`);
      expect(within(container).queryAllByRole('status')).toEqual([]);
      expect(container.textContent).not.toContain('555');
      expect(heading(container)).toBe('You are not logged in');
    },
  );
});

describe('guards', () => {
  it.each(['/account-settings', '/artworks', '/billing-information', '/cart', '/order-history'])(
    'sends a signed-out visitor from %s to log in with a returnUrl',
    async (path) => {
      const rendered = await open(`${path}?page=2`);
      expect(where(rendered)).toBe(`/login?returnUrl=${encodeURIComponent(`${path}?page=2`)}`);
      expect(heading(rendered.container)).toBe('Log in');
    },
  );

  it.each(['/login', '/sign-up', '/forgot-password', '/reset-password'])(
    'sends a signed-in user from %s to the home page',
    async (path) => {
      signIn();
      const rendered = await open(path);
      expect(where(rendered)).toBe('/');
    },
  );

  it('lets a signed-in user open a signed-in-only page', async () => {
    signIn();
    const rendered = await open('/order-history');
    expect(where(rendered)).toBe('/order-history');
    expect(heading(rendered.container)).toBe('Order history');
  });
});

describe('errors', () => {
  it('an error thrown while rendering a route shows the error page', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('render failed');
    }
    app = await renderApp('/', [
      { path: '/', Component: Broken, errorElement: <RouteError />, HydrateFallback: () => null },
    ]);
    expect(heading(app.container)).toBe('Internal Server Error');
    expect(consoleError).toHaveBeenCalled();
  });

  it('an error thrown by a loader shows the error page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    app = await renderApp('/', [
      {
        path: '/',
        loader: () => {
          throw new Error('loader failed');
        },
        Component: () => null,
        errorElement: <RouteError />,
        HydrateFallback: () => null,
      },
    ]);
    expect(heading(app.container)).toBe('Internal Server Error');
  });
});
