import { and, eq } from 'drizzle-orm';
import {
  ORDER_MESSAGES,
  ORDER_PAYMENT_WINDOW_MINUTES,
  PAYMENT_RESULT_ORDER_QUERY,
  paths,
  vatIncluded,
  vatRateFor,
  type OrderRequest,
  type PaymentLinkResponse,
} from '@pictura/contract';
import { assertNoDebt } from '../ledger/index.js';
import { AppError } from '../../lib/index.js';
import type { Db } from '../../infra/db/index.js';
import { READ_COMMITTED } from '../../infra/db/index.js';
import { userContact } from '../accounts/index.js';
import { debitBalancePart } from './balance-part.js';
import type { OrdersDeps } from './deps.js';
import { DELIVERED_FILES_QUEUE } from './delivery-job.js';
import { fulfilOrder } from './fulfilment.js';
import { queueGiftCardMail } from './gift-card-mail.js';
import { issueOrderReceipt } from './receipt.js';
import { openOrderPayment } from './open-payment.js';
import { lockUsersOrders, priceCart } from './pricing.js';
import { orderItems, orders } from './schema.js';

export const ORDER_PAYMENT_WINDOW_MS = ORDER_PAYMENT_WINDOW_MINUTES * 60_000;

/** Where an order the balance paid whole leads: the shop's result page, not a provider's. */
export const paidOrderLink = (publicUrl: string, orderId: number): string =>
  `${publicUrl}${paths.paymentResult}?${PAYMENT_RESULT_ORDER_QUERY}=${orderId}`;

export interface PlaceOrderOptions {
  now?: Date;
  /** The shop's address the shopper is using (http/shop-url.ts); undefined: PUBLIC_URL. */
  shopUrl?: string;
  /** Runs in the order's transaction once the order has its id (the Idempotency-Key's `record`). */
  inTransaction?: (tx: Db, orderId: number) => Promise<void>;
}

/**
 * POST /api/orders. One transaction prices the cart from the catalog, writes
 * the order with its snapshot, takes the balance part when asked (docs/product/money.md#orders) and
 * either pays the order at once, when nothing is left, or writes the payment for the rest, whose
 * page is opened after the commit. An error anywhere leaves nothing written and no money moved.
 */
export async function placeOrder(
  deps: OrdersDeps,
  userId: string,
  request: OrderRequest,
  { now = new Date(), shopUrl = deps.config.publicUrl, inTransaction }: PlaceOrderOptions = {},
): Promise<PaymentLinkResponse> {
  const contact = await userContact(deps.db, userId);
  const expiresAt = new Date(now.getTime() + ORDER_PAYMENT_WINDOW_MS);
  const placed = await deps.db.transaction(async (tx) => {
    await lockUsersOrders(tx, userId);
    // An amount owed from a dispute or a provider refund pauses buying in that currency.
    await assertNoDebt(tx, userId, request.currency);
    const items = await priceCart(tx, userId, request.cartItems, request.currency);
    const total = items.reduce((sum, item) => sum + item.price, request.giftCardAmount);
    const [created] = await tx
      .insert(orders)
      .values({
        userId,
        currency: request.currency,
        total,
        giftCardAmount: request.giftCardAmount,
        paidByBalance: 0,
        paidByPayment: total,
        firstName: request.firstName,
        lastName: request.lastName,
        country: request.country,
        city: request.city,
        address1: request.address1,
        state: request.state || null,
        zipCode: request.zipCode,
        javascriptEnabled: request.javascriptEnabled,
        acceptLanguage: request.acceptLanguage,
        screenWidth: request.screenWidth,
        screenHeight: request.screenHeight,
        timeZone: request.timeZone,
        userAgent: request.userAgent,
        expiresAt,
      })
      .returning();
    if (!created) throw new Error('Order not written');
    await inTransaction?.(tx, created.id);
    if (items.length > 0) {
      // The VAT each price includes is fixed now, at the rate of the billing country (none outside
      // the EU), line by line (docs/decisions/money/vat-fixed-when-the-order-is-placed.md): later
      // changes alter no order.
      const vatRate = vatRateFor(request.country);
      await tx.insert(orderItems).values(
        items.map((item) => ({
          ...item,
          orderId: created.id,
          vatCountry: request.country,
          vatRate,
          vatAmount: vatIncluded(item.price, vatRate),
        })),
      );
    }

    const paidByBalance = request.payByBalance ? await debitBalancePart(tx, created) : 0;
    const paidByPayment = total - paidByBalance;
    if (paidByPayment === 0) {
      const order = { ...created, paidByBalance, paidByPayment };
      await tx.update(orders).set({ paidByBalance, paidByPayment }).where(eq(orders.id, order.id));
      const card = await fulfilOrder(tx, deps, order);
      if (card) await queueGiftCardMail(tx, deps, order, card);
      await issueOrderReceipt(tx, deps, order);
      return { order, payment: null };
    }
    const payment = await deps.payments.create(tx, {
      userId,
      purpose: 'order',
      orderId: created.id,
      amount: paidByPayment,
      currency: created.currency,
      expiresAt,
    });
    const order = { ...created, paidByBalance, paidByPayment, paymentId: payment.id };
    await tx
      .update(orders)
      .set({ paidByBalance, paidByPayment, paymentId: payment.id })
      .where(eq(orders.id, order.id));
    return { order, payment };
  }, READ_COMMITTED);

  if (!placed.payment) {
    // Paid by the balance: its files' job is committed; this process's worker need not wait to poll.
    deps.deliveries.notify(DELIVERED_FILES_QUEUE);
    return { paymentLink: paidOrderLink(shopUrl, placed.order.id) };
  }
  return {
    paymentLink: await openOrderPayment(deps, placed.order, placed.payment, contact, shopUrl),
  };
}

/**
 * What placing `orderId` answered, read back for a retry whose first request died before it
 * could answer: the provider's page while the order has one, the result page when the balance
 * paid it whole, otherwise (its page not opened yet, or never, if that process died) a 409.
 */
export async function placedOrderAnswer(
  deps: OrdersDeps,
  userId: string,
  orderId: number,
): Promise<PaymentLinkResponse> {
  const [order] = await deps.db
    .select({ paymentLink: orders.paymentLink, paidByPayment: orders.paidByPayment })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw new AppError('NOT_FOUND');
  if (order.paymentLink) return { paymentLink: order.paymentLink };
  if (order.paidByPayment === 0)
    return { paymentLink: paidOrderLink(deps.config.publicUrl, orderId) };
  throw AppError.general('CONFLICT', ORDER_MESSAGES.paymentBeingPrepared);
}
