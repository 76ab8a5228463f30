import { useEffect } from 'react';
import { accountStore, useAccount } from '../../lib/account-store';
import { COOKIE_CONSENT_STORAGE_KEY } from '../../lib/cookie-consent';

/**
 * The cookie-consent lists of the account store. A choice made in another tab of the shop arrives
 * through the storage event, so that tab's banner closes as well.
 */
export function useCookieConsent() {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === COOKIE_CONSENT_STORAGE_KEY || event.key === null) {
        accountStore.syncCookieConsentFromStorage();
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return useAccount((state) => state.cookieConsent);
}
