// First, so that component styles (CSS modules) come after the base styles and win over them.
import './styles/global.css';
// Before anything that builds a zod schema (see the module).
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { loadTestShop } from './app/layout/test-shop';
import { startReleaseDetection } from './app/release';
import { pendingNavigationUrl, router } from './app/router';
import { getCurrency } from './lib/currency';
import { formatPrice } from './lib/format';
import { currentLocale, initI18n } from './lib/i18n';
import { installTokenRefresh } from './lib/token-refresh';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The dev server replaces modules in place (HMR); release detection is for built apps only.
if (import.meta.env.PROD) startReleaseDetection(pendingNavigationUrl);

// A call answering 401/403 refreshes the session; when that fails, the router shows not-logged-in.
installTokenRefresh((to) => void router.navigate(to));

// Asked while the translations load, so a test shop's ribbon is usually there at the first render.
void loadTestShop();

// Translations are loaded before the first render so no text flashes as a raw key. A failed
// locale load has already been logged by the backend; render anyway with what is there.
await initI18n().catch(() => undefined);

// The first price formatted in a language makes the browser load its number data: tens of
// milliseconds on a phone. Done now, while nothing is on screen yet, rather than in the render
// that puts the first prices up, where it held the page still.
formatPrice({ amount: 0, currency: getCurrency() }, currentLocale());

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
