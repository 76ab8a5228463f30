import { useEffect, useMemo } from 'react';
import { accountStore, useAccount } from '../../lib/account-store';
import { billingValuesFrom } from './billing-values';

/**
 * The billing fields prefilled from the profile (GET /api/Accounts/profile), fetched afresh when a
 * form opens. A failure leaves the fields empty to be typed in: it must not block paying.
 */
export function useBillingDefaults() {
  const profile = useAccount((state) => state.profile);
  useEffect(() => {
    accountStore.loadProfile().catch(() => undefined);
  }, []);
  return useMemo(() => billingValuesFrom(profile), [profile]);
}
