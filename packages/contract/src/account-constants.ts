// Account constants and messages without zod (the web's first view shows the messages); the
// account schemas are in accounts.ts.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The lowest zxcvbn score (0 to 4) a new password may have. The server refuses weaker ones with
 * `ACCOUNT_MESSAGES.passwordTooWeak` on `password`; the sign-up page shows the same estimate as a hint.
 */
export const PASSWORD_MIN_SCORE = 3;

/**
 * zxcvbn options both sides use, so the hint and the verdict agree: only the first 64 characters are
 * estimated and l33t variants are capped, which keeps one check under about 0.1 s (the defaults take
 * seconds on a crafted 128-character password, blocking the server).
 */
export const PASSWORD_STRENGTH_OPTIONS = { maxLength: 64, l33tMaxSubstitutions: 10 } as const;

/** Password-reset codes: this many characters from an alphabet without look-alikes (0/O, 1/I/L). */
export const RESET_CODE_LENGTH = 10;
export const RESET_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** The server's own messages about accounts (English); the web may translate them by value. */
export const ACCOUNT_MESSAGES = {
  // The same for an unknown email and a wrong password, so that login does not reveal accounts.
  invalidCredentials: 'The email or password is not correct.',
  emailTaken: 'An account with this email already exists.',
  passwordTooWeak: 'This password is too easy to guess. Use a longer or less common one.',
  currentPasswordWrong: 'The current password is not correct.',
  invalidResetCode: 'This code is not valid or has expired. Ask for a new one.',
} as const;
