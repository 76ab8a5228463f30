import { act, configure, render, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { ResourceKey } from 'i18next';
import { AppProviders } from '../app/providers';
import { createRoutes, type LazyPage } from '../app/routes';
import { i18n, initI18n } from '../lib/i18n';
import { appQueryClient } from '../lib/query-client';

/**
 * Test harness for components that need the whole app around them: i18n in English (its files
 * read from disk), the providers and a memory router, rendered by Testing Library. Needs the jsdom
 * environment.
 */

// Vitest runs without globals, so Testing Library does not declare the act environment itself.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
// A page's code is transformed on its first import, which on a loaded machine takes seconds: the
// default second of `waitFor`/`findBy…` is too short.
configure({ asyncUtilTimeout: 5000 });

const localeModules = import.meta.glob<ResourceKey>('../locales/*.json', { import: 'default' });

let i18nReady: Promise<unknown> | undefined;
export function setupI18n(): Promise<unknown> {
  i18nReady ??= initI18n({ lng: 'en', loaders: localeModules });
  return i18nReady;
}

const lazyPage: LazyPage = (load) => async () => ({ Component: (await load()).default });

export interface RenderedApp {
  router: ReturnType<typeof createMemoryRouter>;
  container: HTMLElement;
  unmount: () => void;
}

/**
 * Waits until the router has settled and React has rendered the result, or until `withinMs` has
 * passed. The wait is by the clock, not by a count of tries: a page's code is transformed on its
 * first import, which on a loaded machine takes seconds.
 */
export async function settle(router: RenderedApp['router'], withinMs = 10_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
    if (router.state.initialized && router.state.navigation.state === 'idle') break;
  }
  await act(() => Promise.resolve());
}

export async function renderApp(
  url: string,
  routes: RouteObject[] = createRoutes(lazyPage),
  settleWithinMs?: number,
): Promise<RenderedApp> {
  await setupI18n();
  await act(() => i18n.changeLanguage('en'));
  // Each render starts with nothing cached, as a page load does.
  appQueryClient.clear();
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const { container, unmount } = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  await settle(router, settleWithinMs);
  return {
    router,
    container,
    unmount: () => {
      unmount();
      container.remove();
    },
  };
}

// jsdom has <dialog> without its modal methods; these do what a browser's do for the tests' purposes.
const dialogPrototype: Partial<HTMLDialogElement> | undefined =
  typeof HTMLDialogElement === 'undefined' ? undefined : HTMLDialogElement.prototype;
if (dialogPrototype && !dialogPrototype.showModal) {
  dialogPrototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  dialogPrototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}

/** Confirms, as a user does, the question a currency switch asks while the cart is not empty. */
export async function confirmCurrencySwitch(user: UserEvent): Promise<void> {
  // The question's code loads when it is first asked.
  const question = await screen.findByRole('dialog', { name: /^Switch to / });
  await user.click(
    within(question).getByRole('button', { name: /^Empty the cart and switch to / }),
  );
}

/** The page's main heading (`<h1>`), as a screen reader lists it. */
export const heading = (container: HTMLElement) =>
  within(container).queryByRole('heading', { level: 1 })?.textContent;

/** The main landmark's heading of level 1. */
export const mainHeading = (container: HTMLElement) =>
  within(within(container).getByRole('main')).queryByRole('heading', { level: 1 })?.textContent;

/** The data rows of the tables in `root`, each as the texts of its cells (header rows have none). */
export const tableRows = (root: HTMLElement) =>
  within(root)
    .queryAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    )
    .filter((cells) => cells.length > 0);

/** The texts of a description list's terms and definitions in `root`, in reading order. */
export const termsAndDefinitions = (root: HTMLElement) =>
  [...within(root).queryAllByRole('term'), ...within(root).queryAllByRole('definition')]
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
    .map((node) => node.textContent);

/** Where the links in `root` lead. */
export const linkTargets = (root: HTMLElement) =>
  within(root)
    .queryAllByRole('link')
    .map((link) => link.getAttribute('href'));
