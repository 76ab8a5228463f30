import { z } from 'zod';

/**
 * What can happen to an account that its owner should be able to look back on: sign-ins and failed
 * attempts, changes to how it signs in, and sessions ended. Each is kept this many days.
 */
export const ACCOUNT_EVENT_DAYS = 30;

export const ACCOUNT_EVENT_KINDS = [
  'signedIn',
  // A wrong password (or passkey) for this account at a password sign-in.
  'signInFailed',
  // A wrong one-time or recovery code, at sign-in, re-authentication or turning two-step off.
  'codeFailed',
  'twoStepOn',
  'twoStepOff',
  'passkeyAdded',
  'passkeyRemoved',
  'recoveryCodesRenewed',
  'emailChanged',
  'passwordChanged',
  'passwordReset',
  'sessionsEnded',
  'dataExportRequested',
] as const;
export type AccountEventKind = (typeof ACCOUNT_EVENT_KINDS)[number];

/** One event as its owner sees it on the account page. */
export const AccountEventSchema = z.object({
  id: z.uuid(),
  kind: z.enum(ACCOUNT_EVENT_KINDS),
  at: z.iso.datetime(),
  /** Browser and operating system read from the user agent; null when unknown. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** The network the request came from, never the full address: `203.0.113.0/24`, `2001:db8:1::/48`. */
  ipRange: z.string().nullable(),
});
export type AccountEvent = z.infer<typeof AccountEventSchema>;

/** The signed-in owner's events of the last ACCOUNT_EVENT_DAYS days, newest first. */
export const AccountEventListSchema = z.array(AccountEventSchema);
