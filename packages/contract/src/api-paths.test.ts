import { describe, expect, it } from 'vitest';
import { apiPathTo, apiPaths } from './api-paths.js';

describe('apiPaths (docs/product/api.md, spelt exactly, including the capital A of Accounts)', () => {
  it.each([
    ['supportCreateTicket', '/api/support/create-ticket'],
    ['orders', '/api/orders'],
    ['offersLatest', '/api/offers/latest'],
    ['offersGetOne', '/api/offers/get-one'],
    ['offers', '/api/offers'],
    ['generatedImages', '/api/generated-images'],
    ['generatedImagesPrices', '/api/generated-images/prices'],
    ['balance', '/api/balance'],
    ['balanceDeposit', '/api/balance/deposit'],
    ['balanceGiftCard', '/api/balance/gift-card'],
    ['accountsProfile', '/api/Accounts/profile'],
    ['accountsUpdateBilling', '/api/accounts/update-billing'],
    ['accountsUpdate', '/api/accounts/update'],
    ['accountsChangePassword', '/api/Accounts/change-password'],
    ['accountsForgotPassword', '/api/Accounts/forgot-password'],
    ['accountsResetPassword', '/api/Accounts/reset-password'],
    ['accountsLogin', '/api/Accounts/login'],
    ['accountsRefresh', '/api/Accounts/refresh'],
    ['accountsRegister', '/api/Accounts/register'],
  ] as const)('%s is %s', (key, path) => {
    expect(apiPaths[key]).toBe(path);
  });

  it('adds only the categories, images, content credentials, log out, sessions, account events, email verification, re-authentication, two-step, passkeys, health, shop, docs, money, debt, receipt, credit note and data rights paths beyond the spec', () => {
    expect(apiPaths.categories).toBe('/api/categories');
    expect(apiPaths.images).toBe('/api/images');
    expect(apiPaths.accountsLogout).toBe('/api/Accounts/logout');
    expect(apiPaths.accountsLogoutAll).toBe('/api/Accounts/logout-all');
    expect(apiPaths.health).toBe('/api/health');
    expect(apiPaths.shop).toBe('/api/shop');
    expect(apiPaths.docs).toBe('/api/docs');
    expect(apiPaths.balanceHistory).toBe('/api/balance/history');
    expect(apiPaths.artworks).toBe('/api/artworks');
    expect(apiPaths.payments).toBe('/api/payments');
    expect(apiPaths.paymentsWebhook).toBe('/api/payments/webhook');
    expect(apiPaths.paymentsSandbox).toBe('/api/payments/sandbox');
    expect(apiPaths.offerAttributes).toBe('/api/offers/attributes');
    // What is owed after a dispute or a refund at the provider.
    expect(apiPaths.balanceDebt).toBe('/api/balance/debt');
    // The signed-in sessions a user can see and end.
    expect(apiPaths.accountsSessions).toBe('/api/accounts/sessions');
    // What happened to the account lately, as its owner sees it.
    expect(apiPaths.accountsEvents).toBe('/api/accounts/events');
    // Two-step sign-in in the account settings.
    expect(apiPaths.accountsTwoStep).toBe('/api/accounts/two-step');
    // The user's passkeys, and signing in with one.
    expect(apiPaths.accountsPasskeys).toBe('/api/accounts/passkeys');
    expect(apiPaths.accountsPasskeyLogin).toBe('/api/accounts/passkey-login');
    // The receipts of deposits (an order's is beside the order).
    expect(apiPaths.balanceReceipts).toBe('/api/balance/receipts');
    // The credit notes that correct receipts after a refund or a dispute.
    expect(apiPaths.balanceCreditNotes).toBe('/api/balance/credit-notes');
    // Data rights: a copy of one's data, and deleting the account.
    expect(apiPaths.privacyExports).toBe('/api/privacy/exports');
    expect(apiPaths.privacyAccountDeletion).toBe('/api/privacy/account-deletion');
    // Verifying an address, a new link, changing the address.
    expect(apiPaths.accountsVerifyEmail).toBe('/api/accounts/verify-email');
    expect(apiPaths.accountsResendVerification).toBe('/api/accounts/resend-verification');
    expect(apiPaths.accountsChangeEmail).toBe('/api/accounts/change-email');
    // Proving it is you again before a sensitive change.
    expect(apiPaths.accountsReauthenticate).toBe('/api/accounts/reauthenticate');
    // The old address's link that undoes a change.
    expect(apiPaths.accountsUndoEmailChange).toBe('/api/accounts/undo-email-change');
    // What a picture's Content Credentials say, for its page.
    expect(apiPaths.offerContentCredentials).toBe('/api/offers/content-credentials');
    expect(Object.keys(apiPaths)).toHaveLength(48);
  });

  it('puts every path under /api with no trailing slash, and no two alike', () => {
    const values = Object.values(apiPaths);
    for (const path of values) expect(path).toMatch(/^\/api\/[A-Za-z-]+(\/[a-z-]+)?$/);
    expect(new Set(values.map((p) => p.toLowerCase())).size).toBe(values.length);
  });
});

describe('apiPathTo', () => {
  it('builds a data export download path with its id escaped', () => {
    expect(apiPathTo.privacyExportDownload('3f2a/x')).toBe(
      '/api/privacy/exports/3f2a%2Fx/download',
    );
  });

  it('builds the paths that carry an id', () => {
    expect(apiPathTo.orderPay(12)).toBe('/api/orders/12/pay');
    expect(apiPathTo.orderReceipt(12)).toBe('/api/orders/12/receipt');
    expect(apiPathTo.depositReceipt(7)).toBe('/api/balance/receipts/7');
    expect(apiPathTo.payment('a b')).toBe('/api/payments/a%20b');
    expect(apiPathTo.artworkDownload(3)).toBe('/api/artworks/3/download');
    expect(apiPathTo.accountsEndSession('a b')).toBe('/api/accounts/sessions/a%20b/end');
    expect(apiPathTo.accountsEndOtherSessions()).toBe('/api/accounts/sessions/end-others');
    expect(apiPathTo.accountsPasskey('a b')).toBe('/api/accounts/passkeys/a%20b');
    expect(apiPathTo.accountsPasskeyRegistrationOptions()).toBe(
      '/api/accounts/passkeys/registration-options',
    );
    expect(apiPathTo.accountsPasskeyLoginOptions()).toBe('/api/accounts/passkey-login/options');
    expect(apiPathTo.artworkLicence(3)).toBe('/api/artworks/3/licence');
    expect(apiPathTo.paymentsWebhook('stripe')).toBe('/api/payments/webhook/stripe');
    const job = '0b9e4c1e-6a57-4f0e-9d55-3c0f4d7f2a10';
    expect(apiPathTo.generatedImage(job)).toBe(`/api/generated-images/${job}`);
    expect(apiPathTo.generatedImageEvents(job)).toBe(`/api/generated-images/${job}/events`);
    expect(apiPathTo.generatedImageCancel(job)).toBe(`/api/generated-images/${job}/cancel`);
    expect(apiPathTo.generatedImagePreview(job, 2)).toBe(`/api/generated-images/${job}/images/2`);
    expect(apiPathTo.generatedImageDownload(job, 2)).toBe(
      `/api/generated-images/${job}/images/2/download`,
    );
    expect(apiPathTo.generatedImage('a/b')).toBe('/api/generated-images/a%2Fb');
  });
});
