import { useCallback, useEffect, useState } from 'react';
import { accountStore, useAccount } from '../../../lib/account-store';

/**
 * The signed-in user's profile from the account store, fetched afresh whenever a page that shows it
 * opens (another device may have changed it). `error` is the failure of the last fetch.
 */
export function useProfile() {
  const profile = useAccount((state) => state.profile);
  const [error, setError] = useState<unknown>(null);

  const reload = useCallback(() => {
    setError(null);
    accountStore.loadProfile().catch(setError);
  }, []);

  useEffect(() => {
    accountStore.loadProfile().catch(setError);
  }, []);

  return { profile, error, reload };
}
