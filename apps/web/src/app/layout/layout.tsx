import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { ConsentBanner } from '../../features/consent/components/consent-banner';
import { useReauthenticationAsked } from '../../features/reauthentication/reauthentication-store';
import { releaseWatcher } from '../release';
import { Footer } from './footer';
import { Header } from './header';
import styles from './layout.module.css';
import { TestShopRibbon } from './test-shop-ribbon';

// Asked only before a sensitive change: its code stays out of every page's first view.
const ReauthenticationDialog = lazy(
  () => import('../../features/reauthentication/components/reauthentication-dialog'),
);

/**
 * The one default layout (docs/product/screens.md): skip link, the test shop ribbon when payments
 * are simulated, header, main, footer. It also reloads into a pending new release on navigation and
 * moves focus to the main region after a navigation, so screen reader and keyboard users start
 * reading the new page, not the link they left.
 */
export function Layout() {
  const { t } = useTranslation();
  const { key, pathname } = useLocation();
  const navigation = useNavigation();
  const mainRef = useRef<HTMLElement>(null);
  const reauthenticationAsked = useReauthenticationAsked();
  const firstKey = useRef(key);
  const firstPathname = useRef(pathname);

  useEffect(() => {
    // The new address is already in the bar, so a reload now lands on the page the user chose.
    if (key !== firstKey.current) releaseWatcher.onNavigation();
  }, [key]);

  useEffect(() => {
    // Only a new page moves focus; a changed query (filters, sorting) keeps it where the user is.
    if (pathname !== firstPathname.current) mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        {t('app.skipToContent')}
      </a>
      <TestShopRibbon />
      <ConsentBanner />
      <div
        className={`${styles.progress} ${navigation.state === 'idle' ? '' : styles.progressActive}`}
        aria-hidden="true"
      />
      <Header />
      <main id="main" ref={mainRef} tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <Footer />
      {reauthenticationAsked ? (
        <Suspense fallback={null}>
          <ReauthenticationDialog />
        </Suspense>
      ) : null}
      <ScrollRestoration />
    </div>
  );
}
