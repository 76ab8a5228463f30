// The back office API (not in the spec): everything under /api/admin, for admins only.

export const ADMIN_API_PREFIX = '/api/admin';

/** Paths as registered inside the admin scope, relative to ADMIN_API_PREFIX. */
export const adminRoutePaths = {
  audit: '/audit',
  orders: '/orders',
  order: '/orders/:orderId',
  orderRefund: '/orders/:orderId/refund',
  latePayments: '/payments/late',
  paymentEventRefund: '/payments/events/:eventId/refund',
  paymentReversals: '/payments/reversals',
  paymentSimulateDispute: '/payments/:paymentId/simulate-dispute',
  customers: '/customers',
  customer: '/customers/:customerId',
  customerLedger: '/customers/:customerId/ledger',
  giftCards: '/gift-cards',
  catalogCategories: '/catalog/categories',
  catalogCategory: '/catalog/categories/:id',
  catalogOffers: '/catalog/offers',
  catalogOffer: '/catalog/offers/:id',
  catalogOfferVariants: '/catalog/offers/:id/variants',
  catalogOfferPublish: '/catalog/offers/:id/publish',
  catalogOfferUnpublish: '/catalog/offers/:id/unpublish',
  catalogImages: '/catalog/images',
  supportTickets: '/support/tickets',
  supportTicket: '/support/tickets/:ticketNumber',
  supportTicketReplies: '/support/tickets/:ticketNumber/replies',
  supportTicketStatus: '/support/tickets/:ticketNumber/status',
  sales: '/sales',
} as const;

/** Full paths for callers. */
export const adminApiPaths = {
  audit: `${ADMIN_API_PREFIX}${adminRoutePaths.audit}`,
  orders: `${ADMIN_API_PREFIX}${adminRoutePaths.orders}`,
  order: `${ADMIN_API_PREFIX}${adminRoutePaths.order}`,
  orderRefund: `${ADMIN_API_PREFIX}${adminRoutePaths.orderRefund}`,
  latePayments: `${ADMIN_API_PREFIX}${adminRoutePaths.latePayments}`,
  paymentEventRefund: `${ADMIN_API_PREFIX}${adminRoutePaths.paymentEventRefund}`,
  paymentReversals: `${ADMIN_API_PREFIX}${adminRoutePaths.paymentReversals}`,
  paymentSimulateDispute: `${ADMIN_API_PREFIX}${adminRoutePaths.paymentSimulateDispute}`,
  customers: `${ADMIN_API_PREFIX}${adminRoutePaths.customers}`,
  customer: `${ADMIN_API_PREFIX}${adminRoutePaths.customer}`,
  customerLedger: `${ADMIN_API_PREFIX}${adminRoutePaths.customerLedger}`,
  giftCards: `${ADMIN_API_PREFIX}${adminRoutePaths.giftCards}`,
  catalogCategories: `${ADMIN_API_PREFIX}${adminRoutePaths.catalogCategories}`,
  catalogCategory: `${ADMIN_API_PREFIX}${adminRoutePaths.catalogCategory}`,
  catalogOffers: `${ADMIN_API_PREFIX}${adminRoutePaths.catalogOffers}`,
  catalogOffer: `${ADMIN_API_PREFIX}${adminRoutePaths.catalogOffer}`,
  catalogOfferVariants: `${ADMIN_API_PREFIX}${adminRoutePaths.catalogOfferVariants}`,
  catalogOfferPublish: `${ADMIN_API_PREFIX}${adminRoutePaths.catalogOfferPublish}`,
  catalogOfferUnpublish: `${ADMIN_API_PREFIX}${adminRoutePaths.catalogOfferUnpublish}`,
  catalogImages: `${ADMIN_API_PREFIX}${adminRoutePaths.catalogImages}`,
  supportTickets: `${ADMIN_API_PREFIX}${adminRoutePaths.supportTickets}`,
  sales: `${ADMIN_API_PREFIX}${adminRoutePaths.sales}`,
} as const;
