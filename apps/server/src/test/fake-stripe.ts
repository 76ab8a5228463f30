// A local stand-in for the few Stripe endpoints the Stripe gateway calls, so that tests exercise the
// real SDK (encoding, headers, retries) without reaching api.stripe.com.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedStripeRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The form-encoded body as the SDK sent it, e.g. `line_items[0][quantity]` -> `1`. */
  readonly params: URLSearchParams;
}

/** A Checkout Session as the stand-in keeps it (the fields the gateway and its tests read). */
export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  payment_intent: string | null;
  amount_total: number;
  currency: string | null;
  client_reference_id: string | null;
  [field: string]: unknown;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  idempotencyKey: string | undefined;
}

export interface FakeStripe {
  /** http://127.0.0.1:<port>, for STRIPE_API_URL. */
  readonly url: string;
  /** Every request received, in order (rejected ones too). */
  readonly requests: RecordedStripeRequest[];
  /** Every session created, by id. */
  readonly sessions: Map<string, FakeCheckoutSession>;
  /** Every refund made (a repeated idempotency key makes none). */
  readonly refunds: FakeRefund[];
  /**
   * The shopper completes the session's page: `paid` for a card, `unpaid` for a delayed method
   * (SEPA Debit, ACH) whose outcome `settleAsync` gives later. Answers the session.
   */
  complete(sessionId: string, paymentStatus: 'paid' | 'unpaid'): FakeCheckoutSession;
  /** The delayed method's money arrived (or did not). */
  settleAsync(sessionId: string, outcome: 'paid' | 'failed'): FakeCheckoutSession;
  close(): Promise<void>;
}

const sendJson = (response: ServerResponse, status: number, body: unknown): void => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const stripeError = (message: string) => ({ error: { type: 'invalid_request_error', message } });

/** Listens on a free loopback port; answers only requests carrying `Bearer <secretKey>`. */
export async function startFakeStripe(secretKey: string): Promise<FakeStripe> {
  const requests: RecordedStripeRequest[] = [];
  const sessions = new Map<string, FakeCheckoutSession>();
  const refunds: FakeRefund[] = [];
  // Stripe answers a repeated idempotency key with the first response, so does this.
  const byIdempotencyKey = new Map<string, unknown>();
  let url = '';

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const requestUrl = new URL(request.url ?? '/', 'http://localhost');
      const path = requestUrl.pathname;
      const params = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      requests.push({ method: request.method ?? '', path, headers: request.headers, params });

      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        sendJson(response, 401, stripeError('Invalid API Key provided'));
        return;
      }
      const idempotencyKey = request.headers['idempotency-key'];
      const key = typeof idempotencyKey === 'string' ? idempotencyKey : undefined;
      const replay = key === undefined ? undefined : byIdempotencyKey.get(key);
      if (replay) {
        sendJson(response, 200, replay);
        return;
      }
      const expand = [...requestUrl.searchParams.entries()]
        .filter(([name]) => name.startsWith('expand'))
        .map(([, value]) => value);
      const answer = route(request.method ?? '', path, params, key, expand);
      if (!answer) {
        sendJson(
          response,
          404,
          stripeError(`Unrecognized request URL (${request.method} ${path})`),
        );
        return;
      }
      if (key !== undefined && answer.status === 200) byIdempotencyKey.set(key, answer.body);
      sendJson(response, answer.status, answer.body);
    });
  });

  const sessionAt = (path: string, suffix = ''): FakeCheckoutSession | undefined => {
    const match = new RegExp(`^/v1/checkout/sessions/([^/]+)${suffix}$`).exec(path);
    return match?.[1] === undefined ? undefined : sessions.get(match[1]);
  };

  /** Stripe's answer to one request, or undefined for a URL it does not know. */
  function route(
    method: string,
    path: string,
    params: URLSearchParams,
    idempotencyKey: string | undefined,
    expand: readonly string[],
  ): { status: number; body: unknown } | undefined {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      return { status: 200, body: createSession(params) };
    }
    if (method === 'GET' && path.startsWith('/v1/checkout/sessions/')) {
      const session = sessionAt(path);
      if (!session) return { status: 404, body: stripeError('No such checkout.session') };
      const intent = session.payment_intent;
      return {
        status: 200,
        body:
          expand.includes('payment_intent') && intent !== null
            ? { ...session, payment_intent: intentOf(session, intent) }
            : session,
      };
    }
    if (method === 'POST' && path.endsWith('/expire')) {
      const session = sessionAt(path, '/expire');
      if (!session) return { status: 404, body: stripeError('No such checkout.session') };
      if (session.status !== 'open') {
        return {
          status: 400,
          body: stripeError(`Only Checkout Sessions with a status of open can be expired`),
        };
      }
      session.status = 'expired';
      return { status: 200, body: session };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const paymentIntent = params.get('payment_intent') ?? '';
      const paid = [...sessions.values()].find((s) => s.payment_intent === paymentIntent);
      if (!paid || paid.payment_status !== 'paid') {
        return { status: 400, body: stripeError('This PaymentIntent has no charge to refund') };
      }
      const refund: FakeRefund = {
        id: `re_test_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        payment_intent: paymentIntent,
        amount: Number(params.get('amount') ?? paid.amount_total),
        idempotencyKey,
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    return undefined;
  }

  // PaymentIntents whose delayed debit the bank refused (settleAsync 'failed').
  const failedIntents = new Set<string>();

  /** The session's PaymentIntent as `expand[]=payment_intent` returns it (the fields read). */
  const intentOf = (session: FakeCheckoutSession, id: string) => ({
    id,
    object: 'payment_intent',
    status:
      session.payment_status === 'paid'
        ? 'succeeded'
        : failedIntents.has(id)
          ? 'requires_payment_method'
          : 'processing',
  });

  function createSession(params: URLSearchParams): FakeCheckoutSession {
    const id = `cs_test_${randomBytes(12).toString('hex')}`;
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      mode: params.get('mode'),
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      url: `${url}/c/pay/${id}`,
      amount_total: Number(params.get('line_items[0][price_data][unit_amount]')),
      currency: params.get('line_items[0][price_data][currency]'),
      client_reference_id: params.get('client_reference_id'),
      customer_email: params.get('customer_email'),
      metadata: { reference: params.get('metadata[reference]') },
      success_url: params.get('success_url'),
      cancel_url: params.get('cancel_url'),
      expires_at: Number(params.get('expires_at')),
      locale: params.get('locale'),
      livemode: false,
    };
    sessions.set(id, session);
    return session;
  }

  const existing = (sessionId: string): FakeCheckoutSession => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe has no session ${sessionId}`);
    return session;
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    sessions,
    refunds,
    complete(sessionId, paymentStatus) {
      const session = existing(sessionId);
      session.status = 'complete';
      session.payment_status = paymentStatus;
      session.payment_intent = `pi_test_${randomBytes(12).toString('hex')}`;
      return session;
    },
    settleAsync(sessionId, outcome) {
      const session = existing(sessionId);
      if (outcome === 'paid') session.payment_status = 'paid';
      else if (session.payment_intent !== null) failedIntents.add(session.payment_intent);
      return session;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
