// The payments module's public face: payment attempts through the provider, their
// webhooks and expiry. Orders and deposits create payments and are told when they settle.
// The back office: an order's payments with their events, and late successes.
export { latePayments, paymentsOfOrder, type LatePaymentRow } from './admin-payments.js';
export { paymentsModule } from './module.js';
export { paymentEvents, payments, type PaymentRow } from './schema.js';
export {
  createPaymentsService,
  type NewPayment,
  type OpenPaymentDetails,
  type PaymentsService,
} from './service.js';
export {
  partyEffect,
  type PartyEffect,
  type Reversal,
  type ReversalEffect,
  type SettlementHandlers,
} from './settle.js';
export { EXPIRY_GRACE_MS } from './sweep.js';
export { orderReversalsByDay } from './reversal-figures.js';
