// Two-step sign-in (a time-based one-time code, RFC 6238): its limits and the server's messages,
// without zod (the login page shows them); the schemas are in two-step.ts.

/** Digits of a code from an authenticator app. */
export const TWO_STEP_CODE_DIGITS = 6;
/** Recovery codes shown once when the step is turned on; each works once in place of a code. */
export const RECOVERY_CODE_COUNT = 10;
/**
 * Every TWO_STEP_MAX_FAILURES wrong codes since the last right one lock the step: the first lock for
 * the first duration, the second for the next, and every later one for the last.
 */
export const TWO_STEP_MAX_FAILURES = 5;
export const TWO_STEP_LOCK_MINUTES = [15, 60, 24 * 60] as const;

/** The server's messages about two-step sign-in (English); the web translates them by value. */
export const TWO_STEP_MESSAGES = {
  // On the login request's `code` field: the password was right, and the step asks for a code.
  codeRequired: 'Enter the code from your authenticator app.',
  codeWrong: 'This code is not correct.',
  codeUsed: 'This code was already used. Wait for the next one.',
  locked: 'Too many wrong codes. Two-step sign-in is locked for a while: try again later.',
  notStarted: 'Start setting up two-step sign-in again.',
  alreadyOn: 'Two-step sign-in is already on.',
  notOn: 'Two-step sign-in is not on.',
  // On the login request's `passkey` field: the password was right, and the account has a passkey.
  passkeyRequired: 'Use your passkey to finish signing in.',
  // The back office's 403 for an admin without a second factor.
  secondFactorRequired:
    'Add a passkey or set up two-step sign-in in your account settings before you use the back office.',
  // The back office's 403 for an admin whose session signed in with the password alone.
  signInWithSecondFactor:
    'Sign out, then sign in again with your passkey or a code from your authenticator app to use the back office.',
} as const;
