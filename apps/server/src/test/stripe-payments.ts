// Payments on Stripe for integration tests: an app whose gateway talks to the local stand-in
// (fake-stripe.ts), deposits through it, and Stripe's webhooks signed as Stripe signs them.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import Stripe from 'stripe';
import { apiPathTo, PaymentLinkResponseSchema, type Currency } from '@pictura/contract';
import type { App } from '../app.js';
import type { Db } from '../infra/db/index.js';
import { createStripeGateway } from '../infra/payments/index.js';
import { createPaymentsService, payments, type PaymentRow } from '../modules/payments/index.js';
import { depositSettlement } from '../modules/wallet/index.js';
import { randomIp, type TestUser } from './accounts.js';
import { testConfig } from './app.js';
import type { FakeCheckoutSession, FakeStripe } from './fake-stripe.js';
import { depositRequest, newEventId, postDeposit } from './payments.js';

export const STRIPE_TEST_SECRET_KEY = 'sk_test_pictura_fake_key';
const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_pictura_test_secret';

/** The environment of an app that takes payments through the stand-in. */
export const stripeEnv = (fake: FakeStripe): Record<string, string> => ({
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: STRIPE_TEST_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
  STRIPE_API_URL: fake.url,
});

/** A second process's payments service on Stripe (deposits only): the expiry sweep's view. */
export function stripeSweeper(db: Db, fake: FakeStripe) {
  const service = createPaymentsService({
    db,
    gateway: createStripeGateway({
      secretKey: STRIPE_TEST_SECRET_KEY,
      webhookSecret: STRIPE_TEST_WEBHOOK_SECRET,
      apiUrl: fake.url,
    }),
    publicUrl: testConfig().publicUrl,
    log: pino({ level: 'silent' }),
  });
  service.onSettled('deposit', depositSettlement);
  return service;
}

/** Starts a deposit through the API; answers its payment row and Checkout Session. */
export async function startStripeDeposit(
  app: App,
  db: Db,
  fake: FakeStripe,
  user: Pick<TestUser, 'accessToken'>,
  amount: number,
  currency: Currency = 'EUR',
): Promise<{ payment: PaymentRow; session: FakeCheckoutSession }> {
  const response = await postDeposit(
    app,
    user,
    depositRequest({ depositAmount: amount, currency }),
  );
  if (response.statusCode !== 200) {
    throw new Error(`deposit failed with ${response.statusCode}: ${response.body}`);
  }
  const { paymentLink } = PaymentLinkResponseSchema.parse(response.json());
  const session = [...fake.sessions.values()].find((s) => s.url === paymentLink);
  if (!session) throw new Error(`no Checkout Session behind ${paymentLink}`);
  const [payment] = await db
    .select()
    .from(payments)
    .where(eq(payments.providerSessionId, session.id));
  if (!payment) throw new Error(`no payment for ${session.id}`);
  return { payment, session };
}

const signer = new Stripe(STRIPE_TEST_SECRET_KEY);

/**
 * Delivers a Stripe event about a Checkout Session as it is now (or any object: a dispute, a
 * charge) to the app's webhook route.
 */
export function deliverStripeEvent(
  app: App,
  type: string,
  session: FakeCheckoutSession | Record<string, unknown>,
  eventId: string = newEventId(),
): Promise<LightMyRequestResponse> {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: session },
  });
  const signature = signer.webhooks.generateTestHeaderString({
    payload,
    secret: STRIPE_TEST_WEBHOOK_SECRET,
  });
  return app.inject({
    method: 'POST',
    url: apiPathTo.paymentsWebhook('stripe'),
    remoteAddress: randomIp(),
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}
