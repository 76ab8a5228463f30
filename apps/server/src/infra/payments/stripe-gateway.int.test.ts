import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.js';
import { paymentRequest } from '../../test/payment-gateways.js';
import type { CreatePaymentSessionRequest, PaymentGateway } from './gateway.js';
import { createPaymentGateway } from './index.js';

const SECRET_KEY = 'sk_test_pictura_fake_key';
const WEBHOOK_SECRET = 'whsec_pictura_test_secret';
const REFERENCE = '3c9a7f0e-5b1d-4e2a-9f8c-1d2e3f4a5b6c';
const RETURN_URL = `https://shop.example/payment-result?payment=${REFERENCE}`;

const request = (overrides: Partial<CreatePaymentSessionRequest> = {}) =>
  paymentRequest({
    reference: REFERENCE,
    returnUrl: RETURN_URL,
    expiresAt: new Date(Date.now() + 2 * 60 * 60_000),
    locale: 'es',
    ...overrides,
  });

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe(SECRET_KEY);
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

/** The gateway as the server builds it from its environment. */
const stripeGateway = (env: Record<string, string> = {}): PaymentGateway =>
  createPaymentGateway(
    loadConfig({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
      ...env,
    }),
    'unused-server-secret-of-32-characters-long',
  );

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('Stripe gateway: Checkout Sessions', () => {
  it('creates a Checkout Session for the payment and links to its page', async () => {
    const sent = request();
    const session = await stripeGateway().createSession(sent);

    expect(fake.requests).toHaveLength(1);
    const [received] = fake.requests;
    expect(received?.method).toBe('POST');
    expect(received?.path).toBe('/v1/checkout/sessions');
    expect(received?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(received?.headers['idempotency-key']).toBe(REFERENCE);
    expect(Object.fromEntries(received?.params ?? [])).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '1250',
      'line_items[0][price_data][product_data][name]': 'Pictura order 12',
      client_reference_id: REFERENCE,
      'metadata[reference]': REFERENCE,
      customer_email: 'ann@example.com',
      success_url: RETURN_URL,
      cancel_url: RETURN_URL,
      expires_at: String(Math.floor(sent.expiresAt.getTime() / 1000)),
      locale: 'es',
      'adaptive_pricing[enabled]': 'false',
    });
    expect(session.providerSessionId).toMatch(/^cs_test_/);
    expect(session.paymentLink).toBe(`${fake.url}/c/pay/${session.providerSessionId}`);
  });

  it('keeps the session open at least 30 minutes and at most 24 hours, as Stripe requires', async () => {
    const gateway = stripeGateway();
    const sentExpiry = async (expiresAt: Date) => {
      fake.requests.length = 0;
      await gateway.createSession(request({ expiresAt }));
      return Number(fake.requests[0]?.params.get('expires_at'));
    };
    const now = nowSeconds();

    const soon = await sentExpiry(new Date(Date.now() + 10 * 60_000));
    const late = await sentExpiry(new Date(Date.now() + 3 * 24 * 60 * 60_000));

    expect(soon).toBeGreaterThanOrEqual(now + 30 * 60 + 60);
    expect(soon).toBeLessThan(now + 33 * 60);
    expect(late).toBeLessThanOrEqual(nowSeconds() + 24 * 60 * 60 - 60);
    expect(late).toBeGreaterThan(now + 23 * 60 * 60);
  });

  it('sends an unsupported locale as auto, USD in lower case', async () => {
    await stripeGateway().createSession(request({ locale: 'fr', currency: 'USD' }));

    expect(fake.requests[0]?.params.get('locale')).toBe('auto');
    expect(fake.requests[0]?.params.get('line_items[0][price_data][currency]')).toBe('usd');
  });

  it('gets the same session when asked twice for one payment (idempotency key)', async () => {
    const gateway = stripeGateway();

    const first = await gateway.createSession(request());
    const second = await gateway.createSession(request());

    expect(second).toEqual(first);
    expect(fake.requests.map((received) => received.headers['idempotency-key'])).toEqual([
      REFERENCE,
      REFERENCE,
    ]);
  });

  it('fails when Stripe refuses the key', async () => {
    const gateway = stripeGateway({ STRIPE_SECRET_KEY: 'sk_test_wrong_key' });

    await expect(gateway.createSession(request())).rejects.toThrow(/Invalid API Key/);
    // Refused requests are not retried (only network failures and 5xx would be).
    expect(fake.requests).toHaveLength(1);
  });
});

// Payloads shaped like Stripe's events, signed as Stripe signs them.
const sdk = new Stripe(SECRET_KEY);

const checkoutSession = (overrides: Record<string, unknown> = {}) => ({
  id: 'cs_test_a1',
  object: 'checkout.session',
  amount_total: 1250,
  currency: 'eur',
  client_reference_id: REFERENCE,
  metadata: { reference: REFERENCE },
  payment_status: 'paid',
  status: 'complete',
  ...overrides,
});

const stripeEvent = (type: string, object: Record<string, unknown>) =>
  JSON.stringify({
    id: `evt_test_${type.replace(/\W/g, '_')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: nowSeconds(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });

function parseSigned(
  payload: string,
  options: { secret?: string; timestamp?: number; body?: string } = {},
) {
  const header = sdk.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
  return stripeGateway().parseWebhook({
    rawBody: Buffer.from(options.body ?? payload),
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  });
}

describe('Stripe gateway: webhooks', () => {
  it('reads a paid checkout.session.completed as a successful payment', () => {
    const payload = stripeEvent('checkout.session.completed', checkoutSession());

    expect(parseSigned(payload)).toEqual({
      kind: 'events',
      events: [
        {
          eventId: 'evt_test_checkout_session_completed',
          type: 'succeeded',
          reference: REFERENCE,
          providerSessionId: 'cs_test_a1',
          amount: 1250,
          currency: 'EUR',
        },
      ],
    });
  });

  it('maps the asynchronous outcomes and expiry', () => {
    const typeOf = (stripeType: string) => {
      const result = parseSigned(stripeEvent(stripeType, checkoutSession({ currency: 'usd' })));
      return result.kind === 'events'
        ? result.events.map((e) => [e.type, 'currency' in e ? e.currency : undefined])
        : result;
    };

    expect(typeOf('checkout.session.async_payment_succeeded')).toEqual([['succeeded', 'USD']]);
    expect(typeOf('checkout.session.async_payment_failed')).toEqual([['failed', 'USD']]);
    expect(typeOf('checkout.session.expired')).toEqual([['expired', 'USD']]);
  });

  it('reads an unpaid completion (a delayed bank method) as processing', () => {
    const result = parseSigned(
      stripeEvent('checkout.session.completed', checkoutSession({ payment_status: 'unpaid' })),
    );

    expect(result).toMatchObject({ kind: 'events', events: [{ type: 'processing' }] });
  });

  it('reads other event types, other currencies and foreign sessions as ignored, to be recorded', () => {
    const ignored = (type: string) => ({
      kind: 'events',
      events: [
        { eventId: `evt_test_${type.replace(/\W/g, '_')}`, type: 'ignored', providerType: type },
      ],
    });

    expect(parseSigned(stripeEvent('payment_intent.succeeded', { id: 'pi_1' }))).toEqual(
      ignored('payment_intent.succeeded'),
    );
    expect(
      parseSigned(stripeEvent('checkout.session.completed', checkoutSession({ currency: 'gbp' }))),
    ).toEqual(ignored('checkout.session.completed'));
    expect(
      parseSigned(
        stripeEvent('checkout.session.completed', checkoutSession({ client_reference_id: null })),
      ),
    ).toEqual(ignored('checkout.session.completed'));
  });

  it('reads each dispute event by its status: an inquiry, withdrawn funds, a won dispute', () => {
    const dispute = (status: string) => ({
      id: 'dp_1',
      object: 'dispute',
      amount: 1250,
      currency: 'eur',
      payment_intent: 'pi_1',
      charge: 'ch_1',
      status,
    });
    const eventOf = (type: string, status: string) => {
      const result = parseSigned(stripeEvent(type, dispute(status)));
      return result.kind === 'events' ? result.events[0] : undefined;
    };
    const stageOf = (type: string, status: string) => {
      const event = eventOf(type, status);
      return event?.type === 'disputed' ? event.disputeStage : event?.type;
    };

    expect(eventOf('charge.dispute.created', 'warning_needs_response')).toEqual({
      eventId: 'evt_test_charge_dispute_created',
      type: 'disputed',
      disputeStage: 'inquiry',
      amount: 1250,
      currency: 'EUR',
      providerPaymentId: 'pi_1',
    });
    expect(stageOf('charge.dispute.closed', 'warning_closed')).toBe('inquiry');
    expect(stageOf('charge.dispute.created', 'needs_response')).toBe('withdrawn');
    expect(stageOf('charge.dispute.updated', 'under_review')).toBe('withdrawn');
    expect(stageOf('charge.dispute.closed', 'lost')).toBe('withdrawn');
    expect(stageOf('charge.dispute.funds_withdrawn', 'needs_response')).toBe('withdrawn');
    expect(stageOf('charge.dispute.closed', 'won')).toBe('reinstated');
    expect(stageOf('charge.dispute.funds_reinstated', 'won')).toBe('reinstated');
    // A status the shop does not know moves nothing; the event is recorded as ignored.
    expect(stageOf('charge.dispute.updated', 'some_new_status')).toBe('ignored');
  });

  it('refuses another secret, a changed payload, a stale timestamp and a missing header', () => {
    const payload = stripeEvent('checkout.session.completed', checkoutSession());

    expect(parseSigned(payload, { secret: 'whsec_someone_else' }).kind).toBe('invalid');
    expect(parseSigned(payload, { body: payload.replace('1250', '125000') }).kind).toBe('invalid');
    expect(parseSigned(payload, { timestamp: nowSeconds() - 310 })).toEqual({
      kind: 'invalid',
      reason: expect.stringMatching(/tolerance/),
    });
    expect(parseSigned(payload, { timestamp: nowSeconds() - 290 }).kind).toBe('events');
    expect(
      stripeGateway().parseWebhook({ rawBody: Buffer.from(payload), headers: {} }),
    ).toMatchObject({ kind: 'invalid' });
  });

  it('is chosen by PAYMENT_PROVIDER; the sandbox is the default', () => {
    expect(stripeGateway().provider).toBe('stripe');
    expect(
      createPaymentGateway(loadConfig({}), 'server-secret-of-at-least-32-characters').provider,
    ).toBe('sandbox');
  });
});
