// Every module's tables, for Drizzle's typed queries. (drizzle-kit reads the modules' schema.ts files
// directly; see drizzle.config.ts.) A new module adds its tables here through its index.ts.
import { users } from '../../modules/accounts/index.js';
import { categories, offerAttributes, offers } from '../../modules/catalog/index.js';
import { auditLog } from '../../modules/admin/index.js';
import { idempotencyKeys } from '../../modules/idempotency/index.js';
import { balances, ledgerEntries } from '../../modules/ledger/index.js';
import { paymentEvents, payments } from '../../modules/payments/index.js';
import {
  supportTicketEvents,
  supportTicketReplies,
  supportTickets,
} from '../../modules/support/index.js';
import { orderItems, orders, purchasedArtworks } from '../../modules/orders/index.js';
import { giftCardAttempts, giftCards } from '../../modules/gift-cards/index.js';
import { generatedPictures, generationJobs } from '../../modules/generation/index.js';
import { mailOutbox } from '../../modules/mail/index.js';

export const schema = {
  users,
  categories,
  offers,
  offerAttributes,
  balances,
  ledgerEntries,
  payments,
  paymentEvents,
  idempotencyKeys,
  auditLog,
  supportTickets,
  supportTicketReplies,
  supportTicketEvents,
  orders,
  orderItems,
  purchasedArtworks,
  giftCards,
  giftCardAttempts,
  generationJobs,
  generatedPictures,
  mailOutbox,
};
export type Schema = typeof schema;
