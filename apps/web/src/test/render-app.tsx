import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { ResourceKey } from 'i18next';
import { AppProviders } from '../app/providers';
import { createRoutes, type LazyPage } from '../app/routes';
import { i18n, initI18n } from '../lib/i18n';
import { appQueryClient } from '../lib/query-client';

/**
 * Test harness for components that need the whole app around them: i18n in English (its files
 * read from disk), the providers and a memory router. Needs the jsdom environment.
 */

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

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
  const container = document.createElement('div');
  document.body.append(container);
  let root: Root | undefined;
  await act(() => {
    root = createRoot(container);
    root.render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  });
  await settle(router, settleWithinMs);
  return {
    router,
    container,
    unmount: () => {
      act(() => root?.unmount());
      container.remove();
    },
  };
}

/** Changes a <select> the way a user does, so React's onChange runs. */
export async function choose(select: HTMLSelectElement, value: string): Promise<void> {
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
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
export async function confirmCurrencySwitch(): Promise<void> {
  const openQuestion = () => {
    const dialog = document.body.querySelector('dialog[open]');
    const confirm = dialog?.querySelector<HTMLButtonElement>('button.button--primary');
    if (!confirm) throw new Error('no currency switch question is open');
    return confirm;
  };
  // The question's code loads when it is first asked.
  await waitFor(() => void openQuestion());
  await click(openQuestion());
}

export async function click(element: HTMLElement): Promise<void> {
  await act(async () => {
    element.click();
  });
}

/** Retries `check` (an expectation) until it passes, as asynchronous work completes. */
export async function waitFor(check: () => void, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    }
  }
}

export const heading = (container: HTMLElement) => container.querySelector('h1')?.textContent;
