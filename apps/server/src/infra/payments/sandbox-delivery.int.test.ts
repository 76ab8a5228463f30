import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { apiPathTo } from '@pictura/contract';
import type { App } from '../../app.js';
import { errorHandler } from '../../http/error-handler.js';
import { registerSecurityHeaders } from '../../http/security.js';
import {
  deliveredEvents,
  openPaymentPage,
  paymentRequest,
  submitForm,
  withSandboxPages,
  type SandboxPageApp,
} from '../../test/payment-gateways.js';
import type { GatewayEvent } from './gateway.js';
import { createSandboxGateway, sandboxKeys, sandboxPaths, type DeliverWebhook } from './index.js';

const keys = sandboxKeys('sandbox-delivery-test-secret-of-32-chars');
const gateway = createSandboxGateway({ keys });
const { reference: REFERENCE, returnUrl: RETURN_URL } = paymentRequest();

/** A bare app with what the real one gives every route: zod, the error handler, the CSP. */
async function httpApp(): Promise<App> {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  await registerSecurityHeaders(app);
  return app;
}

const apps: SandboxPageApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});
const pageApp = async (options: { statuses?: number[]; deliverWebhook?: DeliverWebhook } = {}) => {
  const app = await withSandboxPages(await httpApp(), keys, options);
  apps.push(app);
  return app;
};

const payForm = (session: string, cardNumber: string) => ({
  method: 'POST' as const,
  url: sandboxPaths.pay,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams({ session, cardNumber }).toString(),
});

describe('sandbox payment page: webhook delivery', () => {
  it('offers "Try again" when the shop refuses the webhook, and resends the same event', async () => {
    const app = await pageApp({ statuses: [500, 503] });
    const { page } = await openPaymentPage(app, gateway);

    const refused = await submitForm(app, page, 'Pay', { cardNumber: '4242424242424242' });
    expect(refused.statusCode).toBe(502);
    expect(refused.body).toContain('<button type="submit">Try again</button>');
    const refusedAgain = await submitForm(app, refused, 'Try again');
    expect(refusedAgain.statusCode).toBe(502);
    const accepted = await submitForm(app, refusedAgain, 'Try again');

    expect(accepted.statusCode).toBe(303);
    expect(accepted.headers.location).toBe(RETURN_URL);
    const events = deliveredEvents(gateway, app.deliveries);
    expect(events).toHaveLength(3);
    expect(new Set(events.map((event) => event.eventId)).size).toBe(1);
    expect(events.map((event) => event.type)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  });

  it('treats a delivery that throws like a refused one', async () => {
    const app = await pageApp({
      deliverWebhook: async () => {
        throw new Error('connection refused');
      },
    });
    const { page } = await openPaymentPage(app, gateway);

    const response = await submitForm(app, page, 'Pay', { cardNumber: '4242424242424242' });

    expect(response.statusCode).toBe(502);
    expect(response.body).toContain('Try again');
  });

  it('shows an expired session as expired and sends payment.expired, never a payment', async () => {
    const app = await pageApp();
    const expired = { expiresAt: new Date(Date.now() - 1000) };
    const { page, providerSessionId } = await openPaymentPage(app, gateway, expired);

    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This payment has expired');
    expect(page.body).toContain(`href="${RETURN_URL}"`);
    expect(page.body).not.toContain('Card number');

    // A form opened in time but sent too late.
    const { paymentLink } = await gateway.createSession(paymentRequest(expired));
    const token = new URL(paymentLink).searchParams.get('session') ?? '';
    const paid = await app.inject(payForm(token, '4242424242424242'));
    expect(paid.statusCode).toBe(410);

    expect(deliveredEvents(gateway, app.deliveries)).toMatchObject([
      { type: 'expired', providerSessionId, amount: 1250 },
      { type: 'expired' },
    ]);
  });

  it('delivers through a real webhook route that verifies the signature', async () => {
    const received: GatewayEvent[] = [];
    const webhookUrl = apiPathTo.paymentsWebhook('sandbox');
    let verifier = gateway;
    const app: SandboxPageApp = await pageApp({
      deliverWebhook: async (body, headers) =>
        (await app.inject({ method: 'POST', url: webhookUrl, headers, payload: body })).statusCode,
    });
    // As the payments module's route does: the raw bytes, checked by the gateway.
    await app.register(async (scope) => {
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
        done(null, body),
      );
      scope.post(webhookUrl, async (request, reply) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const result = verifier.parseWebhook({ rawBody, headers: request.headers });
        if (result.kind === 'invalid') return reply.code(400).send({ reason: result.reason });
        received.push(...result.events);
        return { received: true };
      });
    });

    const first = await openPaymentPage(app, gateway);
    const accepted = await submitForm(app, first.page, 'Pay', { cardNumber: '4242424242424242' });
    // A shop with another secret cannot verify the signature: the shopper may try again.
    verifier = createSandboxGateway({
      keys: sandboxKeys('a-different-secret-of-thirty-two-characters'),
    });
    const second = await openPaymentPage(app, gateway);
    const refused = await submitForm(app, second.page, 'Cancel payment');

    expect(accepted.statusCode).toBe(303);
    expect(received).toMatchObject([{ type: 'succeeded', reference: REFERENCE, amount: 1250 }]);
    expect(refused.statusCode).toBe(502);
    expect(refused.body).toContain('Try again');
  });
});
