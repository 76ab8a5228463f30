// The web routes of docs/product/screens.md#routes, spelt exactly; one typed place to build links
// from.

export const paths = {
  home: '/',
  gallery: '/gallery',
  galleryCategory: (categoryName: string) => `/gallery/${encodeURIComponent(categoryName)}`,
  picture: (urlName: string) => `/gallery/picture/${encodeURIComponent(urlName)}`,
  create: '/create',
  giftCard: '/gift-card',
  contact: '/contact',
  privacyPolicy: '/privacy-policy',
  termsAndConditions: '/terms-and-conditions',
  wallet: '/wallet',
  error: '/error',
  login: '/login',
  signUp: '/sign-up',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  accountSettings: '/account-settings',
  artworks: '/artworks',
  billingInformation: '/billing-information',
  cart: '/cart',
  orderHistory: '/order-history',
  notLoggedIn: '/not-logged-in',
  // Not in the spec: where the payment gateway sends the shopper back, ?payment={id}.
  paymentResult: '/payment-result',
  // Not in the spec: the mailed link that verifies an address, ?user={id}&token={token}.
  verifyEmail: '/verify-email',
  undoEmailChange: '/undo-email-change',
  // Not in the spec: each licence a variant is sold with, on its own page.
  personalLicence: '/personal-licence',
  commercialLicence: '/commercial-licence',
} as const;

/** The page of the licence a variant (OFFER_ATTRIBUTE_KINDS) is sold with; the narrowest if unknown. */
export const licencePathFor = (kind: string): string =>
  kind === 'full' ? paths.commercialLicence : paths.personalLicence;

/** Route patterns as the router declares them. */
export const routePatterns = {
  galleryCategory: '/gallery/:categoryName',
  picture: '/gallery/picture/:urlName',
} as const;

/**
 * `routePatterns.picture` as the server matches a page request: group 1 is the offer's url name as
 * it appears in the address (still percent-encoded). A trailing slash is the same page.
 */
export const PICTURE_PAGE_PATH = /^\/gallery\/picture\/([^/]+)\/?$/;

/** Routes only a signed-in user may open (auth guard). */
export const signedInOnlyPaths = [
  paths.accountSettings,
  paths.artworks,
  paths.billingInformation,
  paths.cart,
  paths.orderHistory,
] as const;

/** Routes only a signed-out visitor may open (already-auth guard). */
export const signedOutOnlyPaths = [
  paths.login,
  paths.signUp,
  paths.forgotPassword,
  paths.resetPassword,
] as const;

/** The fixed pages that are the same for every visitor: what crawlers may index (the sitemap). */
export const publicPagePaths = [
  paths.home,
  paths.gallery,
  paths.create,
  paths.giftCard,
  paths.contact,
  paths.privacyPolicy,
  paths.termsAndConditions,
  paths.personalLicence,
  paths.commercialLicence,
] as const;

/**
 * Every fixed route of docs/product/screens.md#routes (parameterised ones are in routePatterns).
 */
export const staticPaths = [
  ...publicPagePaths,
  paths.wallet,
  paths.error,
  ...signedOutOnlyPaths,
  ...signedInOnlyPaths,
  paths.notLoggedIn,
  paths.paymentResult,
  paths.verifyEmail,
  paths.undoEmailChange,
] as const;
