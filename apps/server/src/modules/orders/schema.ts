import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CURRENCIES, ORDER_STATUSES } from '@pictura/contract';
import { users } from '../accounts/schema.js';
import { oneOf } from '../../infra/db/checks.js';

const timestampTz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * An order: what was bought at which prices (its items, a snapshot), who pays
 * (the billing fields as typed at checkout), and how: `paidByBalance` was debited when the order
 * was made, `paidByPayment` is left to the current payment. A failed or expired order's balance
 * attempt's balance part is given back once (`balanceGivenBack`); paying it again debits that part
 * again, as far as the balance goes, and puts the rest on a new payment.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    // 0: no gift card in this order; otherwise one card of this amount, issued when paid.
    giftCardAmount: bigint('gift_card_amount', { mode: 'number' }).notNull(),
    paidByBalance: bigint('paid_by_balance', { mode: 'number' }).notNull(),
    paidByPayment: bigint('paid_by_payment', { mode: 'number' }).notNull(),
    balanceGivenBack: bigint('balance_given_back', { mode: 'number' }).notNull().default(0),
    // The payment now open for this order (the payments module owns it: no foreign key).
    paymentId: uuid('payment_id'),
    paymentLink: text('payment_link'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    country: text('country').notNull(),
    city: text('city').notNull(),
    address1: text('address1').notNull(),
    state: text('state'),
    zipCode: text('zip_code').notNull(),
    // The browser info (docs/product/api.md#request-fields), kept for paying the order again (3-D
    // Secure checks).
    javascriptEnabled: boolean('javascript_enabled').notNull(),
    acceptLanguage: text('accept_language').notNull(),
    screenWidth: integer('screen_width').notNull(),
    screenHeight: integer('screen_height').notNull(),
    timeZone: text('time_zone').notNull(),
    userAgent: text('user_agent').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    // While pending: when the payment window closes.
    expiresAt: timestampTz('expires_at'),
    paidAt: timestampTz('paid_at'),
    // Refunded to the buyer's balance from the back office (once; see admin-refund.ts).
    refundedAt: timestampTz('refunded_at'),
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    index('orders_user_newest_index').on(table.userId, table.id),
    check('orders_status_check', oneOf('status', ORDER_STATUSES)),
    check('orders_currency_check', oneOf('currency', CURRENCIES)),
    check('orders_total_positive', sql`${table.total} > 0`),
    check('orders_gift_card_not_negative', sql`${table.giftCardAmount} >= 0`),
    check(
      'orders_parts_add_up',
      sql`${table.paidByBalance} >= 0 and ${table.paidByPayment} >= 0 and ${table.paidByBalance} + ${table.paidByPayment} = ${table.total}`,
    ),
    check(
      'orders_balance_given_back_in_range',
      sql`${table.balanceGivenBack} >= 0 and ${table.balanceGivenBack} <= ${table.total}`,
    ),
    check(
      'orders_paid_has_paid_at',
      sql`(${table.status} in ('paid', 'refunded')) = (${table.paidAt} is not null)`,
    ),
    check(
      'orders_refunded_has_refunded_at',
      sql`(${table.status} = 'refunded') = (${table.refundedAt} is not null)`,
    ),
    check(
      'orders_refunded_amount_in_range',
      sql`${table.refundedAmount} >= 0 and ${table.refundedAmount} <= ${table.total}`,
    ),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

/** One purchased variant, as it was when ordered: later catalog edits change nothing here. */
export const orderItems = pgTable(
  'order_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // The position in the cart, so items are shown in the order they were bought.
    position: integer('position').notNull(),
    offerId: integer('offer_id').notNull(),
    offerAttributeId: integer('offer_attribute_id').notNull(),
    urlName: text('url_name').notNull(),
    title: text('title').notNull(),
    kind: text('kind').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    // The VAT the price includes, fixed when the order is placed
    // (docs/decisions/money/vat-fixed-when-the-order-is-placed.md): the billing country, its rate
    // in basis points (0 outside the EU) and the amount in minor units. Null country: placed before
    // VAT was recorded.
    vatCountry: text('vat_country'),
    vatRate: integer('vat_rate').notNull().default(0),
    vatAmount: bigint('vat_amount', { mode: 'number' }).notNull().default(0),
    // Withdrawn by a dispute or provider refund of the order's payment that covered this line
    // (orders/reversal-lines.ts); cleared when a won dispute gives it back.
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('order_items_order_position_unique').on(table.orderId, table.position),
    uniqueIndex('order_items_order_attribute_unique').on(table.orderId, table.offerAttributeId),
    check('order_items_price_positive', sql`${table.price} > 0`),
    check(
      'order_items_vat_in_range',
      sql`${table.vatRate} >= 0 and ${table.vatAmount} >= 0 and ${table.vatAmount} <= ${table.price}`,
    ),
  ],
);

export type OrderItemRow = typeof orderItems.$inferSelect;

/**
 * What a user may download: one row per purchased variant, made when the
 * first paid order with it was paid. A second purchase of the same variant adds nothing.
 */
export const purchasedArtworks = pgTable(
  'purchased_artworks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id').notNull(),
    offerAttributeId: integer('offer_attribute_id').notNull(),
    urlName: text('url_name').notNull(),
    title: text('title').notNull(),
    kind: text('kind').notNull(),
    purchasedAt: timestampTz('purchased_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('purchased_artworks_user_attribute_unique').on(
      table.userId,
      table.offerAttributeId,
    ),
    index('purchased_artworks_user_newest_index').on(table.userId, table.purchasedAt, table.id),
  ],
);

export type PurchasedArtworkRow = typeof purchasedArtworks.$inferSelect;
