// Verified email before money moves: the link's lifetime and the server's messages (English; the web
// translates them by value). No zod here: the web's notice reads these in every money page.

/** A verification link works once, for this long. */
export const EMAIL_VERIFICATION_LIFETIME_HOURS = 24;

/** The old address's link to undo a change that took effect works for this long (paths.undoEmailChange). */
export const EMAIL_CHANGE_UNDO_DAYS = 7;

/** The query parameters of the link's page (paths.verifyEmail, and paths.undoEmailChange). */
export const EMAIL_VERIFICATION_LINK_PARAMS = { user: 'user', token: 'token' } as const;

export const EMAIL_VERIFICATION_MESSAGES = {
  // The general 400 of deposit, checkout, gift-card redemption and generation for an unverified address.
  notVerified:
    'Please verify your email address first. Open the link we mailed you, or ask for a new one.',
  invalidLink: 'This link is not valid or has expired. Ask for a new one.',
  sameEmail: 'This is already your email address.',
  invalidUndoLink:
    'This link is not valid or has expired (it works once, for 7 days). If someone else has your account, reset your password.',
} as const;
