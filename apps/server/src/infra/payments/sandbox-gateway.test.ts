import { describe, expect, it } from 'vitest';
import { paymentRequest } from '../../test/payment-gateways.js';
import type { PaymentGateway } from './gateway.js';
import { createPaymentGateway, sandboxKeys } from './index.js';
import {
  openSandboxSession,
  SANDBOX_SIGNATURE_HEADER,
  sandboxWebhookBody,
  signSandboxWebhook,
  type SandboxSession,
} from './sandbox-gateway.js';

const SECRET = 'sandbox-test-secret-of-at-least-32-chars';
const keys = sandboxKeys(SECRET);
const otherKeys = sandboxKeys('another-secret-of-at-least-thirty-two-chars');
const PUBLIC_URL = 'https://shop.example';

const REFERENCE = '6f1c1d3e-6c1a-4bde-9d43-0c5b0d3f7a11';
const request = paymentRequest({
  reference: REFERENCE,
  returnUrl: `${PUBLIC_URL}/payment-result?payment=${REFERENCE}`,
});

const gateway = (): PaymentGateway =>
  createPaymentGateway({ paymentProvider: 'sandbox', stripe: undefined }, SECRET);

const tokenOf = (paymentLink: string): string =>
  new URL(paymentLink).searchParams.get('session') ?? '';

async function newSession(): Promise<{ token: string; session: SandboxSession }> {
  const { paymentLink } = await gateway().createSession(request);
  const token = tokenOf(paymentLink);
  const session = openSandboxSession(token, keys);
  if (!session) throw new Error('the gateway made a token it cannot open');
  return { token, session };
}

/** A webhook as the sandbox page sends it, optionally signed at another time or with another key. */
async function signedWebhook(options: { at?: Date; key?: Uint8Array } = {}) {
  const { session } = await newSession();
  const body = JSON.stringify(sandboxWebhookBody(session, 'succeeded', keys));
  const header = signSandboxWebhook(body, options.key ?? keys.webhook, options.at ?? new Date());
  return { session, body, header };
}

const parse = (body: string, headers: Record<string, string | string[] | undefined>) =>
  gateway().parseWebhook({ rawBody: Buffer.from(body), headers });

describe('sandbox gateway sessions', () => {
  it('links to the hosted page with a token holding the payment, and a fresh session id', async () => {
    const first = await gateway().createSession(request);
    const second = await gateway().createSession(request);

    expect(first.paymentLink.startsWith(`${PUBLIC_URL}/api/payments/sandbox/pay?session=`)).toBe(
      true,
    );
    expect(first.providerSessionId).toMatch(/^sbx_[0-9a-f]{24}$/);
    expect(second.providerSessionId).not.toBe(first.providerSessionId);
    expect(openSandboxSession(tokenOf(first.paymentLink), keys)).toEqual({
      reference: request.reference,
      amount: 1250,
      currency: 'EUR',
      description: 'Pictura order 12',
      returnUrl: request.returnUrl,
      expiresAt: request.expiresAt.getTime(),
      providerSessionId: first.providerSessionId,
    });
  });

  it('refuses a token whose amount was changed, or one sealed with another key', async () => {
    const { token, session } = await newSession();
    const [, signature] = token.split('.');
    const cheaper = Buffer.from(JSON.stringify({ ...session, amount: 1 })).toString('base64url');

    expect(openSandboxSession(`${cheaper}.${signature}`, keys)).toBeUndefined();
    expect(openSandboxSession(token, otherKeys)).toBeUndefined();
    expect(openSandboxSession(`${token}x`, keys)).toBeUndefined();
    expect(openSandboxSession('not-a-token', keys)).toBeUndefined();
  });
});

describe('sandbox gateway webhooks', () => {
  it('reads the event of a correctly signed webhook', async () => {
    const { session, body, header } = await signedWebhook();

    const result = parse(body, { 'content-type': 'application/json', 'pictura-signature': header });

    expect(result).toEqual({
      kind: 'events',
      events: [
        {
          eventId: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
          type: 'succeeded',
          reference: request.reference,
          providerSessionId: session.providerSessionId,
          amount: 1250,
          currency: 'EUR',
        },
      ],
    });
  });

  it('maps each sandbox event type, and gives one outcome of one session one event id', async () => {
    const { session } = await newSession();
    const eventOf = (type: 'succeeded' | 'failed' | 'expired') => {
      const body = JSON.stringify(sandboxWebhookBody(session, type, keys));
      const result = parse(body, {
        [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(body, keys.webhook),
      });
      if (result.kind !== 'events') throw new Error(result.reason);
      return result.events[0];
    };

    expect(eventOf('failed')?.type).toBe('failed');
    expect(eventOf('expired')?.type).toBe('expired');
    expect(eventOf('succeeded')?.eventId).toBe(eventOf('succeeded')?.eventId);
    expect(eventOf('failed')?.eventId).not.toBe(eventOf('succeeded')?.eventId);
  });

  it('accepts a header name in any case', async () => {
    const { body, header } = await signedWebhook();

    expect(parse(body, { 'Pictura-Signature': header }).kind).toBe('events');
  });

  it('refuses a webhook signed with another key', async () => {
    const { body, header } = await signedWebhook({ key: otherKeys.webhook });

    expect(parse(body, { 'pictura-signature': header })).toEqual({
      kind: 'invalid',
      reason: 'signature mismatch',
    });
  });

  it('refuses a body changed after signing', async () => {
    const { body, header } = await signedWebhook();
    const changed = body.replace('"amount":1250', '"amount":125000');

    expect(changed).not.toBe(body);
    expect(parse(changed, { 'pictura-signature': header }).kind).toBe('invalid');
  });

  it('accepts a timestamp within 300 s, refuses a stale one and one from the future', async () => {
    const now = Date.now();
    const at = (seconds: number) => signedWebhook({ at: new Date(now + seconds * 1000) });

    const recent = await at(-290);
    const stale = await at(-310);
    const future = await at(310);

    expect(parse(recent.body, { 'pictura-signature': recent.header }).kind).toBe('events');
    expect(parse(stale.body, { 'pictura-signature': stale.header })).toEqual({
      kind: 'invalid',
      reason: 'timestamp outside the tolerance',
    });
    expect(parse(future.body, { 'pictura-signature': future.header }).kind).toBe('invalid');
  });

  it('refuses a missing, repeated or malformed signature header', async () => {
    const { body, header } = await signedWebhook();
    const [timestamp = '', signature = ''] = header.split(',');

    for (const bad of [
      undefined,
      [header, header],
      '',
      'garbage',
      signature,
      timestamp,
      `t=soon,${signature}`,
      `${timestamp},v1=abc`,
      `${timestamp},${signature}=x`,
      `${timestamp},${timestamp},${signature}`,
    ]) {
      expect(parse(body, { 'pictura-signature': bad }).kind, String(bad)).toBe('invalid');
    }
  });

  it('reads a correctly signed event it does not act on as ignored, and refuses one without an id', async () => {
    const body = JSON.stringify({ id: 'evt_1', type: 'payment.refunded', data: {} });
    expect(parse(body, { 'pictura-signature': signSandboxWebhook(body, keys.webhook) })).toEqual({
      kind: 'events',
      events: [{ eventId: 'evt_1', type: 'ignored', providerType: 'payment.refunded' }],
    });

    const anonymous = JSON.stringify({ type: 'payment.refunded', data: {} });
    expect(
      parse(anonymous, { 'pictura-signature': signSandboxWebhook(anonymous, keys.webhook) }),
    ).toEqual({ kind: 'invalid', reason: 'body is not a sandbox event' });
  });
});
