// What component tests of signed-in pages share: an admin's profile and second factor, and the
// reset after each test.
import { act } from 'react';
import { vi } from 'vitest';
import type { ProfileResponse, TwoStepStatus } from '@pictura/contract';
import { i18n } from '../lib/i18n';
import { appQueryClient } from '../lib/query-client';
import { clearTokens } from '../lib/session';

export const ADMIN_PROFILE: ProfileResponse = {
  email: 'admin@example.com',
  firstName: 'Ada',
  lastName: 'Admin',
  country: null,
  city: null,
  address1: null,
  state: null,
  zipCode: null,
  currency: 'EUR',
  isAdmin: true,
  emailVerified: true,
  pendingEmail: null,
};

/** The admin's two-step sign-in: on, as the back office asks of admins. */
export const ADMIN_TWO_STEP: TwoStepStatus = {
  enabled: true,
  recoveryCodesLeft: 10,
  secondFactor: true,
  sessionMultiFactor: true,
};

/** Signed out, no profile, real fetch, English: as the next test expects to start. */
export async function resetSession(): Promise<void> {
  clearTokens();
  appQueryClient.clear();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
}
