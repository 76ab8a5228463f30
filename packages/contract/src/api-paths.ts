// API paths spelt exactly as seed-spec section 7; the server matches them case-insensitively.

export const apiPaths = {
  supportCreateTicket: '/api/support/create-ticket',
  orders: '/api/orders',
  offersLatest: '/api/offers/latest',
  offersGetOne: '/api/offers/get-one',
  offers: '/api/offers',
  categories: '/api/categories',
  // Not in the spec: public offer previews, /api/images/{imageKey}/{width}.{format} (issue 4).
  images: '/api/images',
  generatedImages: '/api/generated-images',
  generatedImagesPrices: '/api/generated-images/prices',
  balance: '/api/balance',
  balanceDeposit: '/api/balance/deposit',
  balanceGiftCard: '/api/balance/gift-card',
  accountsProfile: '/api/Accounts/profile',
  accountsUpdateBilling: '/api/accounts/update-billing',
  accountsUpdate: '/api/accounts/update',
  accountsChangePassword: '/api/Accounts/change-password',
  accountsForgotPassword: '/api/Accounts/forgot-password',
  accountsResetPassword: '/api/Accounts/reset-password',
  accountsLogin: '/api/Accounts/login',
  accountsRefresh: '/api/Accounts/refresh',
  accountsRegister: '/api/Accounts/register',
  // Not in the spec: log out (one session) and log out everywhere (issue 3).
  accountsLogout: '/api/Accounts/logout',
  accountsLogoutAll: '/api/Accounts/logout-all',
  health: '/api/health',
  docs: '/api/docs',
} as const;
