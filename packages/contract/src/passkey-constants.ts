// Passkey limits and messages without zod (the login page shows the messages); the passkey schemas
// are in passkeys.ts.

/** A passkey's name, as its owner calls it ("Work laptop"). */
export const PASSKEY_NAME_MAX_LENGTH = 64;

/** Passkeys one account may hold: enough for every device a person has, and a bound on the list. */
export const PASSKEYS_PER_USER_MAX = 20;

/** The server's own messages about passkeys (English); the passkey screens translate them by value. */
export const PASSKEY_MESSAGES = {
  // The same for an unknown passkey, a wrong signature and a used or expired challenge, so that a
  // failed sign-in reveals nothing about accounts.
  notVerified: 'This passkey could not be verified. Please try again.',
  alreadyRegistered: 'This passkey is already registered.',
  tooMany: 'You have reached the most passkeys an account can have. Remove one first.',
} as const;
