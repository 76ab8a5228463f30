import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Order, OrderGiftCardCode } from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import { giftCardCodesOfOrder, giftCardsOfOrders } from '../gift-cards/index.js';
import { receiptNumbersOfOrders } from '../receipts/index.js';
import type { OrdersDeps } from './deps.js';
import { orderItems, orders, type OrderItemRow, type OrderRow } from './schema.js';

/** The order history shows this many of the newest orders. */
const ORDER_HISTORY_LIMIT = 100;

function toOrder(
  row: OrderRow,
  items: OrderItemRow[],
  giftCards: Order['giftCards'],
  receiptNumber: number | null,
): Order {
  const pending = row.status === 'pending';
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    currency: row.currency,
    total: row.total,
    paidByBalance: row.paidByBalance,
    paidByPayment: row.paidByPayment,
    items: items.map((item) => ({
      offerId: item.offerId,
      offerAttributeId: item.offerAttributeId,
      urlName: item.urlName,
      title: item.title,
      kind: item.kind,
      price: { amount: item.price, currency: row.currency },
    })),
    giftCards,
    paymentLink: pending ? row.paymentLink : null,
    expiresAt: pending && row.expiresAt ? row.expiresAt.toISOString() : null,
    receiptNumber,
  };
}

/**
 * GET /api/orders: the user's orders, newest first, with their items, parts, gift cards (whether
 * the code can be shown, never the code) and, while pending, where to pay and until when.
 */
export async function listOrders(deps: OrdersDeps, userId: string): Promise<Order[]> {
  const rows = await deps.db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.id))
    .limit(ORDER_HISTORY_LIMIT);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);

  const items = await deps.db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
  const itemsByOrder = new Map<number, OrderItemRow[]>();
  for (const item of items) {
    itemsByOrder.set(item.orderId, [...(itemsByOrder.get(item.orderId) ?? []), item]);
  }
  // A refunded order's card was issued too (it may have been voided by the refund since).
  const paidIds = rows
    .filter((row) => row.status === 'paid' || row.status === 'refunded')
    .map((row) => row.id);
  const cards = await giftCardsOfOrders(deps.db, userId, paidIds);
  const receiptNumbers = await receiptNumbersOfOrders(deps.db, userId, paidIds);

  // Until its order is paid a gift card is only a line of the order: an amount, no number yet.
  const unissued = (row: OrderRow): Order['giftCards'] =>
    row.giftCardAmount > 0
      ? [
          {
            amount: { amount: row.giftCardAmount, currency: row.currency },
            codeHint: null,
            codeAvailable: false,
            redeemed: false,
            voided: false,
          },
        ]
      : [];
  return rows.map((row) =>
    toOrder(
      row,
      itemsByOrder.get(row.id) ?? [],
      cards.get(row.id) ?? unissued(row),
      receiptNumbers.get(row.id) ?? null,
    ),
  );
}

/**
 * GET /api/orders/{orderId}/gift-card-codes: the full codes of the order's cards not yet redeemed,
 * for its owner only (another user's order is a 404, as an unknown one).
 */
export async function orderGiftCardCodes(
  deps: Pick<OrdersDeps, 'db' | 'giftCardKeys'>,
  userId: string,
  orderId: number,
): Promise<OrderGiftCardCode[]> {
  const [owned] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!owned) throw new AppError('NOT_FOUND');
  return giftCardCodesOfOrder(deps.db, deps.giftCardKeys, userId, orderId);
}
