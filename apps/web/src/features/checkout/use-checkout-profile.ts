import { useMemo } from 'react';
import { useProfile } from '../../lib/api/get-profile';
import { billingValuesFrom } from './billing-values';

/**
 * The billing fields prefilled from the profile (GET /api/Accounts/profile), fetched afresh when a
 * form opens. A failure leaves the fields empty to be typed in: it must not block paying.
 */
export function useBillingDefaults() {
  const profile = useProfile().data ?? null;
  return useMemo(() => billingValuesFrom(profile), [profile]);
}
