// Re-authentication before sensitive changes: its window, error key and messages, without zod (the
// web's api client reads them); the schemas are in reauthentication.ts.

/**
 * Re-authentication before a sensitive change ("sudo mode"): turning two-step sign-in on, new
 * recovery codes, removing a passkey, asking for a data export, ending other sessions. A proof
 * counts for this long on the session that gave it.
 */
export const REAUTHENTICATION_WINDOW_MINUTES = 10;

/**
 * The error key of a 400 that asks for re-authentication: `{"errors": {"reauthenticate": "..."}}`.
 * The web app recognises it, asks in a dialog, and sends the call again.
 */
export const REAUTHENTICATION_ERROR_KEY = 'reauthenticate';

export const REAUTHENTICATION_MESSAGES = {
  required:
    'Confirm it is you: enter your password, a code from your authenticator app or use your passkey.',
  oneProof: 'Give your password, a code or your passkey.',
} as const;
