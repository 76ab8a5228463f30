// API paths spelt exactly as docs/product/api.md#calls; the server matches them case-insensitively.

/**
 * The API paths the web app's first views call (the layout, the home, gallery and picture pages),
 * also in `apiPaths`. Their own module, so that those pages load these rather than the whole table
 * (docs/decisions/performance/README.md).
 */
export const firstViewApiPaths = {
  offersLatest: '/api/offers/latest',
  offersGetOne: '/api/offers/get-one',
  offers: '/api/offers',
  categories: '/api/categories',
  balance: '/api/balance',
  accountsProfile: '/api/Accounts/profile',
  accountsRefresh: '/api/Accounts/refresh',
  // Not in the spec: log out (this session; `accountsLogoutAll` ends every one).
  accountsLogout: '/api/Accounts/logout',
  // Not in the spec: what every page needs to know about the shop (the test shop ribbon).
  shop: '/api/shop',
} as const;
