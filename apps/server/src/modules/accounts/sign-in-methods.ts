import type { SIGN_IN_METHODS } from './schema.js';

/** How a session signed in: stored on the session (refresh-token family) when it starts. */
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/**
 * The RFC 8176 authentication method references of each sign-in method. A passkey is always
 * user-verifying here (UV required): possession of the key (`hwk`) plus the PIN or biometric that
 * unlocked it (`user`), so a passkey alone is two factors.
 */
export const AMR: Readonly<Record<SignInMethod, readonly string[]>> = {
  pwd: ['pwd'],
  'pwd+otp': ['pwd', 'otp', 'mfa'],
  'pwd+passkey': ['pwd', 'hwk', 'user', 'mfa'],
  passkey: ['hwk', 'user', 'mfa'],
};

/** Whether a session's sign-in proved two factors: what the back office asks for. */
export const isMultiFactor = (method: SignInMethod): boolean => AMR[method].includes('mfa');

/** What a session's sign-in proved: read with the session on every request. */
export interface SessionStrength {
  readonly signInMethod: SignInMethod;
  readonly authTime: Date;
  readonly reauthenticatedAt: Date | null;
}
