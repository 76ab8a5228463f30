// Orders for integration tests: placing them through the API, settling their payments as
// the sandbox provider would (signed webhooks), and reading back what a user can see.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import {
  apiPaths,
  apiPathTo,
  BalanceResponseSchema,
  OrderGiftCardCodeListSchema,
  OrderListSchema,
  type Currency,
  type Order,
  type OrderRequest,
} from '@pictura/contract';
import type { App } from '../app.js';
import type { Db } from '../infra/db/index.js';
import {
  SANDBOX_SIGNATURE_HEADER,
  sandboxKeys,
  signSandboxWebhook,
  type PaymentEventType,
} from '../infra/payments/index.js';
import { balances, ledgerEntries, postLedgerEntry } from '../modules/ledger/index.js';
import { payments, type PaymentRow } from '../modules/payments/index.js';
import { bearer, randomIp, type TestUser } from './accounts.js';
import { testConfig } from './app.js';
import { newEventId, userIdOf } from './payments.js';

type Signed = Pick<TestUser, 'accessToken'>;

// One definition for both helper files: the user id in a token, and a fresh provider event id.
export { newEventId, userIdOf };
export { orderRequest } from './order-request.js';

const idempotencyHeader = (key?: string) => (key === undefined ? {} : { 'idempotency-key': key });

/** POST /api/orders as `user` (any body, so tests can send wrong ones). */
export const postOrder = (
  app: App,
  user: Signed,
  body: object,
  idempotencyKey?: string,
): Promise<LightMyRequestResponse> =>
  app.inject({
    method: 'POST',
    url: apiPaths.orders,
    remoteAddress: randomIp(),
    headers: { ...bearer(user.accessToken), ...idempotencyHeader(idempotencyKey) },
    payload: body,
  });

/** POST /api/orders/{id}/pay as `user`. */
export const payAgain = (
  app: App,
  user: Signed,
  orderId: number,
  idempotencyKey?: string,
): Promise<LightMyRequestResponse> =>
  app.inject({
    method: 'POST',
    url: apiPathTo.orderPay(orderId),
    remoteAddress: randomIp(),
    headers: { ...bearer(user.accessToken), ...idempotencyHeader(idempotencyKey) },
  });

/** Places an order and answers its payment link; throws unless it is a 200. */
export async function placeOrder(app: App, user: Signed, body: OrderRequest): Promise<string> {
  const response = await postOrder(app, user, body);
  if (response.statusCode !== 200) {
    throw new Error(`order failed with ${response.statusCode}: ${response.body}`);
  }
  return z.object({ paymentLink: z.string() }).parse(response.json()).paymentLink;
}

/** GET /api/orders as `user`, parsed with the contract's schema. */
export async function ordersOf(app: App, user: Signed): Promise<Order[]> {
  const response = await app.inject({
    method: 'GET',
    url: apiPaths.orders,
    remoteAddress: randomIp(),
    headers: bearer(user.accessToken),
  });
  if (response.statusCode !== 200) {
    throw new Error(`orders failed with ${response.statusCode}: ${response.body}`);
  }
  return OrderListSchema.parse(response.json());
}

/** The user's balance through POST /api/balance. */
/** GET /api/orders/{orderId}/gift-card-codes as `user`: the raw answer, for its status too. */
export const giftCardCodesOf = (app: App, user: Signed, orderId: number) =>
  app.inject({
    method: 'GET',
    url: apiPathTo.orderGiftCardCodes(orderId),
    remoteAddress: randomIp(),
    headers: bearer(user.accessToken),
  });

/** The first full gift card code of an order as its buyer sees it ('' when there is none). */
export async function giftCardCodeOf(app: App, user: Signed, orderId: number): Promise<string> {
  const response = await giftCardCodesOf(app, user, orderId);
  return OrderGiftCardCodeListSchema.parse(response.json())[0]?.code ?? '';
}

export async function balanceOf(app: App, user: Signed, currency: Currency): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: apiPaths.balance,
    remoteAddress: randomIp(),
    headers: bearer(user.accessToken),
    payload: { currency },
  });
  return BalanceResponseSchema.parse(response.json()).amount;
}

/** Gives a user a balance through the ledger's own service, as a paid deposit would. */
export async function creditBalance(
  db: Db,
  user: Signed,
  amount: number,
  currency: Currency,
): Promise<void> {
  await db.transaction((tx) =>
    postLedgerEntry(tx, {
      userId: userIdOf(user),
      currency,
      amount,
      kind: 'deposit',
      reference: `payment:${randomUUID()}`,
    }),
  );
}

/** The newest payment of an order (the one its link pays). */
export async function paymentOfOrder(db: Db, orderId: number): Promise<PaymentRow> {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!row) throw new Error(`order ${orderId} has no payment`);
  return row;
}

export interface WebhookEvent {
  type: PaymentEventType;
  paymentId: string;
  amount: number;
  currency: string;
  /** The provider's event id; a fresh one unless given (give the same to replay an event). */
  id?: string;
}

/** Signs one event with the test app's sandbox key and POSTs it to the webhook, as the provider does. */
export function deliverWebhook(app: App, event: WebhookEvent): Promise<LightMyRequestResponse> {
  const secret = testConfig().jwtSecret;
  if (!secret) throw new Error('the test config must set JWT_SECRET');
  const body = JSON.stringify({
    id: event.id ?? newEventId(),
    type: `payment.${event.type}`,
    data: {
      reference: event.paymentId,
      providerSessionId: `sbx_${randomBytes(8).toString('hex')}`,
      amount: event.amount,
      currency: event.currency,
    },
  });
  return app.inject({
    method: 'POST',
    url: apiPathTo.paymentsWebhook('sandbox'),
    remoteAddress: randomIp(),
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(body, sandboxKeys(secret).webhook),
    },
    payload: body,
  });
}

/** Settles an order's current payment as the provider would, with its own amount and currency. */
export async function settleOrder(
  app: App,
  db: Db,
  orderId: number,
  type: PaymentEventType,
): Promise<PaymentRow> {
  const payment = await paymentOfOrder(db, orderId);
  const response = await deliverWebhook(app, {
    type,
    paymentId: payment.id,
    amount: payment.amount,
    currency: payment.currency,
  });
  if (response.statusCode !== 200) {
    throw new Error(`webhook failed with ${response.statusCode}: ${response.body}`);
  }
  return payment;
}

/** A user's balance row beside the sum of its ledger entries, read straight from the tables. */
export async function ledgerCheck(
  db: Db,
  user: Signed,
  currency: Currency,
): Promise<{ balance: number; entriesSum: number; lowestBalanceAfter: number; kinds: string[] }> {
  const userId = userIdOf(user);
  const [row] = await db
    .select({ amount: balances.amount })
    .from(balances)
    .where(and(eq(balances.userId, userId), eq(balances.currency, currency)));
  const entries = await db
    .select({
      amount: ledgerEntries.amount,
      after: ledgerEntries.balanceAfter,
      kind: ledgerEntries.kind,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.currency, currency)))
    .orderBy(ledgerEntries.id);
  return {
    balance: row?.amount ?? 0,
    entriesSum: entries.reduce((sum, entry) => sum + entry.amount, 0),
    lowestBalanceAfter: entries.length === 0 ? 0 : Math.min(...entries.map((entry) => entry.after)),
    kinds: entries.map((entry) => entry.kind),
  };
}
