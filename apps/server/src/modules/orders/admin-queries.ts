import { and, asc, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import {
  ADMIN_ORDER_PAGE_SIZE,
  type AdminOrderDetail,
  type AdminOrderList,
  type AdminOrderQuery,
} from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import type { Db } from '../../infra/db/index.js';
import { userEmails, userIdsWithEmailLike } from '../accounts/index.js';
import { orderGiftCardForAdmin } from '../gift-cards/index.js';
import { paymentsOfOrder } from '../payments/index.js';
import { orderItems, orders } from './schema.js';

const DAY_MS = 24 * 3_600_000;

/** The filters of the back office's order search; dates are whole UTC days, both included. */
function conditions(db: Db, query: AdminOrderQuery): SQL | undefined {
  const email = query.Email?.trim();
  return and(
    query.Status === undefined ? undefined : eq(orders.status, query.Status),
    query.Currency === undefined ? undefined : eq(orders.currency, query.Currency),
    query.From === undefined
      ? undefined
      : gte(orders.createdAt, new Date(`${query.From}T00:00:00Z`)),
    query.To === undefined
      ? undefined
      : lt(orders.createdAt, new Date(new Date(`${query.To}T00:00:00Z`).getTime() + DAY_MS)),
    email ? inArray(orders.userId, userIdsWithEmailLike(db, email)) : undefined,
  );
}

/** GET /api/admin/orders: every customer's orders matching the filters, newest first, by page. */
export async function searchOrders(db: Db, query: AdminOrderQuery): Promise<AdminOrderList> {
  const where = conditions(db, query);
  const [totals] = await db.select({ total: count() }).from(orders).where(where);
  const itemCount = db
    .select({ orderId: orderItems.orderId, items: count().as('items') })
    .from(orderItems)
    .groupBy(orderItems.orderId)
    .as('item_counts');
  const rows = await db
    .select({ order: orders, items: itemCount.items })
    .from(orders)
    .leftJoin(itemCount, eq(itemCount.orderId, orders.id))
    .where(where)
    .orderBy(desc(orders.id))
    .limit(ADMIN_ORDER_PAGE_SIZE)
    .offset((query.Page - 1) * ADMIN_ORDER_PAGE_SIZE);
  const emails = await userEmails(
    db,
    rows.map(({ order }) => order.userId),
  );
  return {
    orders: rows.map(({ order, items }) => ({
      id: order.id,
      createdAt: order.createdAt.toISOString(),
      status: order.status,
      currency: order.currency,
      total: order.total,
      customerId: order.userId,
      customerEmail: emails.get(order.userId) ?? '',
      itemCount: Number(items ?? 0),
      giftCardAmount: order.giftCardAmount,
    })),
    total: totals?.total ?? 0,
    page: query.Page,
    pageSize: ADMIN_ORDER_PAGE_SIZE,
  };
}

/** GET /api/admin/orders/{id}: everything about one order, its payments and their events. */
export async function orderDetail(db: Db, orderId: number): Promise<AdminOrderDetail> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError('NOT_FOUND');
  const [items, card, payments, emails] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.position)),
    order.giftCardAmount > 0 ? orderGiftCardForAdmin(db, orderId) : undefined,
    paymentsOfOrder(db, orderId),
    userEmails(db, [order.userId]),
  ]);
  return {
    id: order.id,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    status: order.status,
    currency: order.currency,
    total: order.total,
    paidByBalance: order.paidByBalance,
    paidByPayment: order.paidByPayment,
    balanceGivenBack: order.balanceGivenBack,
    refundedAt: order.refundedAt?.toISOString() ?? null,
    refundedAmount: order.refundedAmount,
    customerId: order.userId,
    customerEmail: emails.get(order.userId) ?? '',
    items: items.map((item) => ({
      offerId: item.offerId,
      offerAttributeId: item.offerAttributeId,
      urlName: item.urlName,
      title: item.title,
      kind: item.kind,
      price: { amount: item.price, currency: order.currency },
    })),
    // Until the order is paid its card is only a line of it: an amount, nothing issued.
    giftCard:
      order.giftCardAmount === 0
        ? null
        : (card ?? {
            id: null,
            amount: order.giftCardAmount,
            state: 'unissued',
            codeHint: null,
            redeemedAt: null,
            redeemedByEmail: null,
          }),
    billing: {
      firstName: order.firstName,
      lastName: order.lastName,
      country: order.country,
      city: order.city,
      address1: order.address1,
      state: order.state,
      zipCode: order.zipCode,
    },
    payments,
  };
}
