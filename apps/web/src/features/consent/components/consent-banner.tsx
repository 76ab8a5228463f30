import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountStore } from '../../../lib/account-store';
import {
  isConsentDecided,
  OPTIONAL_COOKIE_CATEGORIES,
  type CookieCategory,
} from '../../../lib/cookie-consent';
import { closeCookieSettings, useCookieSettingsOpen } from '../cookie-settings';
import { useCookieConsent } from '../use-cookie-consent';

// Drawn by the browser only, once the app has taken the page over (the server takes the choice as
// made): its code loads then, outside the page's first view.
const ConsentPanel = lazy(() =>
  import('./consent-panel').then((module) => ({ default: module.ConsentPanel })),
);

/**
 * The cookie banner: shown until every optional category has been granted or rejected,
 * and again when "Cookie settings" in the footer opens it. It sits in the page flow above the
 * header rather than floating over the page, so it never covers a control or the end of a page.
 * Rejecting is as easy as accepting, and no optional box is ticked in advance.
 */
export function ConsentBanner() {
  const { t } = useTranslation();
  const consent = useCookieConsent();
  const settingsOpen = useCookieSettingsOpen();
  const [saved, setSaved] = useState(false);
  const visible = settingsOpen || !isConsentDecided(consent);

  const decide = (granted: readonly CookieCategory[]) => {
    accountStore.setCookieConsent({
      granted,
      rejected: OPTIONAL_COOKIE_CATEGORIES.filter((category) => !granted.includes(category)),
    });
    setSaved(true);
    const opener = closeCookieSettings();
    // The banner is gone: the focus goes back to where the user came from, or to the page.
    (opener ?? document.getElementById('main'))?.focus({ preventScroll: true });
  };

  return (
    <>
      <div aria-live="polite" className="visually-hidden">
        {saved && !visible ? t('consent.saved') : null}
      </div>
      {visible ? (
        <Suspense fallback={null}>
          <ConsentPanel
            // A fresh panel each time it opens, starting from the choice stored then.
            key={settingsOpen ? 'reopened' : 'first-visit'}
            reopened={settingsOpen}
            initialChosen={settingsOpen ? consent.granted : []}
            onDecide={decide}
          />
        </Suspense>
      ) : null}
    </>
  );
}
