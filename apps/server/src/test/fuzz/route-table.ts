import { adminApiPaths, apiPaths, apiPathTo } from '@pictura/contract';

/** POST routes whose body is a JSON object checked by a contract schema. */
export const JSON_ROUTES = [
  apiPaths.accountsRegister,
  apiPaths.accountsLogin,
  apiPaths.accountsRefresh,
  apiPaths.accountsLogout,
  apiPaths.accountsForgotPassword,
  apiPaths.accountsResetPassword,
  apiPaths.accountsChangePassword,
  apiPaths.accountsUpdate,
  apiPaths.accountsUpdateBilling,
  apiPathTo.accountsTwoStepConfirm(),
  apiPathTo.accountsTwoStepDisable(),
  apiPathTo.accountsPasskeyRegistrationOptions(),
  apiPaths.accountsPasskeys,
  apiPaths.accountsPasskeyLogin,
  apiPaths.accountsVerifyEmail,
  apiPaths.accountsChangeEmail,
  apiPaths.accountsReauthenticate,
  apiPaths.accountsUndoEmailChange,
  apiPaths.supportCreateTicket,
  apiPaths.balance,
  apiPaths.balanceDeposit,
  apiPaths.orders,
  apiPaths.balanceGiftCard,
  apiPaths.generatedImages,
  adminApiPaths.orderRefund,
  adminApiPaths.paymentSimulateDispute,
  adminApiPaths.giftCards,
  adminApiPaths.catalogCategories,
  adminApiPaths.catalogOffers,
  `${adminApiPaths.supportTickets}/:ticketNumber/replies`,
  `${adminApiPaths.supportTickets}/:ticketNumber/status`,
  apiPaths.privacyAccountDeletion,
] as const;

/**
 * POST routes without a JSON contract body: no body at all, or raw bytes (webhooks with their
 * signature, the sandbox gateway's page form, picture uploads). Fuzzed with random bytes only.
 */
export const RAW_ROUTES = [
  apiPaths.accountsLogoutAll,
  apiPaths.accountsResendVerification,
  `${apiPaths.accountsSessions}/:id/end`,
  `${apiPaths.accountsSessions}/end-others`,
  apiPathTo.accountsTwoStepSetup(),
  apiPathTo.accountsTwoStepRecoveryCodes(),
  apiPathTo.accountsPasskeyLoginOptions(),
  `${apiPaths.paymentsWebhook}/:provider`,
  `${apiPaths.paymentsSandbox}/pay`,
  `${apiPaths.paymentsSandbox}/challenge`,
  `${apiPaths.paymentsSandbox}/cancel`,
  `${apiPaths.paymentsSandbox}/redeliver`,
  `${apiPaths.orders}/:orderId/pay`,
  `${apiPaths.generatedImages}/:jobId/cancel`,
  adminApiPaths.catalogOfferPublish,
  adminApiPaths.catalogOfferUnpublish,
  adminApiPaths.catalogImages,
  adminApiPaths.paymentEventRefund,
  `${adminApiPaths.otherCurrencyReversals}/:reversalId/settle`,
  apiPaths.privacyExports,
] as const;

/**
 * Fields a business rule may refuse a well-formed body on (docs/product/api.md#errors puts domain
 * 400s on the field they concern): a valid body may get these, never a 400 elsewhere.
 */
export const DOMAIN_400_FIELDS: Readonly<Record<string, readonly string[]>> = {
  // Or a passkey that is not one of the account's, as its second step.
  [apiPaths.accountsLogin]: ['', 'passkey'],
  [apiPaths.accountsResetPassword]: ['code'],
  [apiPaths.accountsChangePassword]: ['currentPassword'],
  // No set-up under way (''), or a wrong code; turning off: a wrong password or code, or not on.
  [apiPathTo.accountsTwoStepConfirm()]: ['code', ''],
  [apiPathTo.accountsTwoStepDisable()]: ['password', 'code', ''],
  [apiPaths.accountsRegister]: ['password', 'email'],
  // A random credential is never a passkey the server can verify.
  [apiPathTo.accountsPasskeyRegistrationOptions()]: ['currentPassword'],
  [apiPaths.accountsPasskeys]: [''],
  [apiPaths.accountsPasskeyLogin]: [''],
  // A made-up link is refused with the general message.
  [apiPaths.accountsVerifyEmail]: [''],
  [apiPaths.accountsChangeEmail]: ['currentPassword', 'email'],
  // A wrong password, code or passkey; or not exactly one of them.
  [apiPaths.accountsReauthenticate]: ['password', 'code', 'passkey'],
  // A made-up undo link is refused with the general message.
  [apiPaths.accountsUndoEmailChange]: [''],
  [apiPaths.orders]: [
    ...Array.from({ length: 50 }, (_, index) => `cartItems.${index}`),
    'count',
    '',
  ],
  [apiPaths.balanceGiftCard]: ['giftCardNumber'],
  // A valid body's password is not the user's.
  [apiPaths.privacyAccountDeletion]: ['password'],
  // A thousand generated url names repeat some ("This url name is already used.").
  [adminApiPaths.catalogCategories]: ['urlName'],
  [apiPaths.generatedImages]: ['count', 'prompt'],
  [adminApiPaths.catalogOffers]: [
    'source',
    'source.imageKey',
    'source.jobId',
    'categoryId',
    'urlName',
  ],
};
