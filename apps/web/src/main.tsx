// First, so that component styles (CSS modules) come after the base styles and win over them.
import './styles/global.css';
// Before anything that builds a zod schema (see the module).
import './lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { hydrate } from '@tanstack/react-query';
import { AppProviders } from './app/providers';
import { loadTestShop, testShopStore } from './app/layout/test-shop';
import { startReleaseDetection } from './app/release';
import { TakeOver } from './app/take-over';
import {
  guardsAllow,
  loadMatchedRoutes,
  navigate,
  pendingNavigationUrl,
  startRouter,
} from './app/router';
import { waitForTakeOver } from './lib/app-ready';
import { currencyStore, getCurrency } from './lib/currency';
import { formatPrice } from './lib/format';
import { currentLocale, initI18n } from './lib/i18n';
import { appQueryClient } from './lib/query-client';
import { setRenderScopeReader } from './lib/render-scope';
import { installTokenRefresh } from './lib/token-refresh';
import { installReauthentication } from './features/reauthentication/reauthentication-store';
import { readRenderPayload, reviveQueries } from './ssr/render-payload';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The dev server replaces modules in place (HMR); release detection is for built apps only.
if (import.meta.env.PROD) startReleaseDetection(pendingNavigationUrl);

// A call answering 401/403 refreshes the session; when that fails, the router shows not-logged-in.
installTokenRefresh(navigate);
// A sensitive change answered "confirm it is you" opens the dialog, then is sent again.
installReauthentication();

// The server rendered the page (docs/decisions/rendering/README.md): its values are the first
// render's.
const rendered = readRenderPayload(document);
if (rendered) {
  setRenderScopeReader(() => rendered.scope);
  testShopStore.set(rendered.scope.testShop);
} else {
  // Asked while the translations load, so a test shop's ribbon is usually there at the first render.
  void loadTestShop();
}
// The server renders the next page in the currency of this cookie.
currencyStore.mirrorChoice();

// The page to hydrate: the server's, unless it could not draw it as this browser will.
const hydrating = rendered?.hydrate && guardsAllow(window.location) ? rendered : undefined;

// Translations (and, when hydrating, the page's code) are loaded before the first render so no text
// flashes as a raw key. A failed locale load has already been logged by the backend; render anyway.
await Promise.all([
  initI18n({ rendered: rendered?.scope.locale }).catch(() => undefined),
  hydrating ? loadMatchedRoutes(window.location) : undefined,
]);

// The first price formatted in a language makes the browser load its number data: tens of
// milliseconds on a phone. Done now, while nothing is on screen yet, rather than in the render
// that puts the first prices up, where it held the page still.
formatPrice({ amount: 0, currency: getCurrency() }, currentLocale());

// The server's answers go into the query cache before the router's first render reads them.
if (hydrating) hydrate(appQueryClient, reviveQueries(hydrating.queries));
const app = (
  <StrictMode>
    <AppProviders>
      <TakeOver>
        <RouterProvider router={startRouter(hydrating?.router)} />
      </TakeOver>
    </AppProviders>
  </StrictMode>
);
if (hydrating) {
  // Its controls that need the app stay disabled until TakeOver has replayed the visitor's input.
  waitForTakeOver();
  // As a transition, React hydrates in slices of a few milliseconds and lets the browser handle
  // input between them, rather than holding a slow phone's main thread for the whole page.
  startTransition(() => {
    hydrateRoot(container, app, {
      // A page the server drew differently: React redraws it and says so here, where the end-to-end
      // tests count console errors (any is a defect: the HTML must be the browser's first render).
      onRecoverableError: (error) => console.error('Recoverable error while hydrating:', error),
    });
  });
} else {
  createRoot(container).render(app);
}
