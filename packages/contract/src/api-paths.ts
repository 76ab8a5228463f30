// API paths spelt exactly as docs/product/api.md#calls; the server matches them case-insensitively.
import { firstViewApiPaths } from './first-view-api-paths.js';

export const apiPaths = {
  // The first views' (shop, catalog, profile, balance, session refresh and log-out).
  ...firstViewApiPaths,
  supportCreateTicket: '/api/support/create-ticket',
  orders: '/api/orders',
  // Not in the spec: the cart's variants by id, priced in a currency.
  offerAttributes: '/api/offers/attributes',
  // Not in the spec: what a picture's Content Credentials (its C2PA manifest) say.
  offerContentCredentials: '/api/offers/content-credentials',
  // Not in the spec: public offer previews, /api/images/{imageKey}/{width}.{format}.
  images: '/api/images',
  generatedImages: '/api/generated-images',
  generatedImagesPrices: '/api/generated-images/prices',
  balanceDeposit: '/api/balance/deposit',
  balanceGiftCard: '/api/balance/gift-card',
  // Not in the spec: ledger history, purchased artworks and their downloads, payment
  // results, the payment providers' webhooks and the sandbox gateway's hosted page.
  balanceHistory: '/api/balance/history',
  // Not in the spec: what the customer owes per currency after a dispute or a provider refund.
  balanceDebt: '/api/balance/debt',
  // Not in the spec: the receipts of my deposits; `/{receiptNumber}` is one as a PDF.
  balanceReceipts: '/api/balance/receipts',
  // Not in the spec: the credit notes correcting my receipts (refunds, disputes), newest first;
  // `/{creditNoteNumber}` is one as a PDF.
  balanceCreditNotes: '/api/balance/credit-notes',
  artworks: '/api/artworks',
  payments: '/api/payments',
  paymentsWebhook: '/api/payments/webhook',
  paymentsSandbox: '/api/payments/sandbox',
  accountsUpdateBilling: '/api/accounts/update-billing',
  accountsUpdate: '/api/accounts/update',
  accountsChangePassword: '/api/Accounts/change-password',
  accountsForgotPassword: '/api/Accounts/forgot-password',
  accountsResetPassword: '/api/Accounts/reset-password',
  accountsLogin: '/api/Accounts/login',
  accountsRegister: '/api/Accounts/register',
  // Not in the spec: log out everywhere.
  accountsLogoutAll: '/api/Accounts/logout-all',
  // Not in the spec: the signed-in sessions; `/{id}/end` ends one, `/end-others` all but this one.
  accountsSessions: '/api/accounts/sessions',
  // Not in the spec: the account's events of the last 30 days (sign-ins, factor changes).
  accountsEvents: '/api/accounts/events',
  // Not in the spec: two-step sign-in; `/setup`, `/confirm` and `/disable` below it.
  accountsTwoStep: '/api/accounts/two-step',
  // Not in the spec: the user's passkeys (`/registration-options`, `/{id}`) and signing in with one
  // (`/options` first, then the signed challenge).
  accountsPasskeys: '/api/accounts/passkeys',
  accountsPasskeyLogin: '/api/accounts/passkey-login',
  // Not in the spec: verify an address with the mailed link, mail a new link, change the address.
  accountsVerifyEmail: '/api/accounts/verify-email',
  accountsResendVerification: '/api/accounts/resend-verification',
  accountsChangeEmail: '/api/accounts/change-email',
  // Not in the spec: prove it is you again (password, code or passkey) before a sensitive change.
  accountsReauthenticate: '/api/accounts/reauthenticate',
  // Not in the spec: the old address's link puts it back after a change.
  accountsUndoEmailChange: '/api/accounts/undo-email-change',
  health: '/api/health',
  docs: '/api/docs',
  // Not in the spec: data rights. The user's data exports (POST asks for one, GET reads the newest)
  // and deleting the account (GET tells what would be forfeited, POST deletes).
  privacyExports: '/api/privacy/exports',
  privacyAccountDeletion: '/api/privacy/account-deletion',
} as const;

const generatedImagePath = (jobId: string) =>
  `${apiPaths.generatedImages}/${encodeURIComponent(jobId)}`;

/** Building the paths that carry an id. */
export const apiPathTo = {
  orderPay: (orderId: number) => `${apiPaths.orders}/${orderId}/pay`,
  orderGiftCardCodes: (orderId: number) => `${apiPaths.orders}/${orderId}/gift-card-codes`,
  orderReceipt: (orderId: number) => `${apiPaths.orders}/${orderId}/receipt`,
  depositReceipt: (receiptNumber: number) => `${apiPaths.balanceReceipts}/${receiptNumber}`,
  creditNote: (creditNoteNumber: number) => `${apiPaths.balanceCreditNotes}/${creditNoteNumber}`,
  payment: (paymentId: string) => `${apiPaths.payments}/${encodeURIComponent(paymentId)}`,
  artworkDownload: (artworkId: number) => `${apiPaths.artworks}/${artworkId}/download`,
  artworkLicence: (artworkId: number) => `${apiPaths.artworks}/${artworkId}/licence`,
  paymentsWebhook: (provider: string) => `${apiPaths.paymentsWebhook}/${provider}`,
  // One generation job, its progress stream (SSE), cancelling it, and its pictures (n from 1).
  generatedImage: generatedImagePath,
  generatedImageEvents: (jobId: string) => `${generatedImagePath(jobId)}/events`,
  generatedImageCancel: (jobId: string) => `${generatedImagePath(jobId)}/cancel`,
  generatedImagePreview: (jobId: string, n: number) => `${generatedImagePath(jobId)}/images/${n}`,
  accountsEndSession: (sessionId: string) =>
    `${apiPaths.accountsSessions}/${encodeURIComponent(sessionId)}/end`,
  accountsEndOtherSessions: () => `${apiPaths.accountsSessions}/end-others`,
  accountsTwoStepSetup: () => `${apiPaths.accountsTwoStep}/setup`,
  accountsTwoStepConfirm: () => `${apiPaths.accountsTwoStep}/confirm`,
  accountsTwoStepDisable: () => `${apiPaths.accountsTwoStep}/disable`,
  accountsTwoStepRecoveryCodes: () => `${apiPaths.accountsTwoStep}/recovery-codes`,
  accountsPasskey: (passkeyId: string) =>
    `${apiPaths.accountsPasskeys}/${encodeURIComponent(passkeyId)}`,
  accountsPasskeyRegistrationOptions: () => `${apiPaths.accountsPasskeys}/registration-options`,
  accountsPasskeyLoginOptions: () => `${apiPaths.accountsPasskeyLogin}/options`,
  // The export's ZIP, for its owner's session only (the mail links to account settings).
  privacyExportDownload: (exportId: string) =>
    `${apiPaths.privacyExports}/${encodeURIComponent(exportId)}/download`,
  generatedImageDownload: (jobId: string, n: number) =>
    `${generatedImagePath(jobId)}/images/${n}/download`,
} as const;
