// Data rights (export and account deletion) without zod; the schemas are in privacy.ts.

/** How long the link to a finished data export works, counted from when it was ready. */
export const DATA_EXPORT_LINK_DAYS = 7;

/** Where a data export is: made in the background, ready to download until its link expires. */
export const DATA_EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** The server's own messages about data rights (English); the web shows its own translations. */
export const PRIVACY_MESSAGES = {
  wrongPassword: 'The password is not correct.',
  adminCannotDelete:
    'An administrator account cannot be deleted from account settings. Ask another administrator to remove the role first.',
  exportExpired:
    'This download link has expired (links work for 7 days). Request a new export in account settings.',
  exportNotReady: 'This export is not ready yet.',
  generationUnfinished:
    'Pictures are still being generated for you. Delete the account once they are finished.',
  paymentInFlight:
    'A payment of yours is still pending or being processed by your bank. Delete the account once it has gone through or been cancelled.',
} as const;
