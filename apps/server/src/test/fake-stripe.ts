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

export interface FakeStripe {
  /** http://127.0.0.1:<port>, for STRIPE_API_URL. */
  readonly url: string;
  /** Every request received, in order (rejected ones too). */
  readonly requests: RecordedStripeRequest[];
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
  // Stripe answers a repeated idempotency key with the first response, so does this.
  const byIdempotencyKey = new Map<string, unknown>();
  let url = '';

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      const params = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      requests.push({ method: request.method ?? '', path, headers: request.headers, params });

      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        sendJson(response, 401, stripeError('Invalid API Key provided'));
        return;
      }
      if (request.method !== 'POST' || path !== '/v1/checkout/sessions') {
        sendJson(
          response,
          404,
          stripeError(`Unrecognized request URL (${request.method} ${path})`),
        );
        return;
      }

      const idempotencyKey = request.headers['idempotency-key'];
      const replay = typeof idempotencyKey === 'string' && byIdempotencyKey.get(idempotencyKey);
      if (replay) {
        sendJson(response, 200, replay);
        return;
      }
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const session = {
        id,
        object: 'checkout.session',
        mode: params.get('mode'),
        status: 'open',
        payment_status: 'unpaid',
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
      if (typeof idempotencyKey === 'string') byIdempotencyKey.set(idempotencyKey, session);
      sendJson(response, 200, session);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
