import Fastify, { type LightMyRequestResponse } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
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
import { createSandboxGateway, sandboxKeys, sandboxPaths } from './index.js';

const keys = sandboxKeys('sandbox-page-test-secret-of-32-characters');
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
const pageApp = async () => {
  const app = await withSandboxPages(await httpApp(), keys);
  apps.push(app);
  return app;
};

const pay = (app: SandboxPageApp, page: LightMyRequestResponse, cardNumber: string) =>
  submitForm(app, page, 'Pay', { cardNumber });

describe('sandbox payment page', () => {
  it('shows merchant, amount, reference and the test cards, under the app CSP', async () => {
    const app = await pageApp();
    const { page } = await openPaymentPage(app, gateway);

    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("style-src 'self'");
    const html = page.body;
    expect(html).toMatch(/^<!doctype html>\s*<html lang="en">/);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toContain('<main>');
    expect(html).toContain('<dt>Merchant</dt><dd>Pictura</dd>');
    expect(html).toContain('€12.50 EUR');
    expect(html).toContain(REFERENCE);
    expect(html).toContain('Pictura order 12');
    expect(html).toContain('<label for="card-number">Card number</label>');
    expect(html).toMatch(/<input id="card-number" name="cardNumber"/);
    expect(html).toContain('<button type="submit">Pay</button>');
    for (const card of ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 3220']) {
      expect(html).toContain(`<code>${card}</code>`);
    }
    expect(html).toContain(
      `<a class="cancel" href="${RETURN_URL}">Cancel and return to Pictura</a>`,
    );
    // Nothing the CSP would block: no script, no inline style; the style sheet is a file of 'self'.
    expect(html).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
    const href = /<link rel="stylesheet" href="([^"]+)">/.exec(html)?.[1] ?? '';
    const css = await app.inject({ method: 'GET', url: href });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toContain('main {');
  });

  it('prints a hostile description and a hostile typed number as text', async () => {
    const app = await pageApp();
    const { page } = await openPaymentPage(app, gateway, {
      description: '<script>alert(1)</script>"><img src=x onerror=alert(2)>',
    });

    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;',
    );

    const again = await pay(app, page, '"><script>alert(3)</script>');
    expect(again.body).not.toContain('<script>alert(3)');
    expect(again.body).toContain('value="&quot;&gt;&lt;script&gt;alert(3)&lt;/script&gt;"');
  });

  it('approves with 4242 4242 4242 4242: signed payment.succeeded, then back to the shop', async () => {
    const app = await pageApp();
    const { page, providerSessionId } = await openPaymentPage(app, gateway);

    const response = await pay(app, page, '4242 4242 4242 4242');

    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(RETURN_URL);
    expect(app.deliveries).toHaveLength(1);
    expect(app.deliveries[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(app.deliveries[0]?.body ?? '')).toMatchObject({ type: 'payment.succeeded' });
    expect(deliveredEvents(gateway, app.deliveries)).toEqual([
      {
        eventId: expect.stringMatching(/^evt_/),
        type: 'succeeded',
        reference: REFERENCE,
        providerSessionId,
        amount: 1250,
        currency: 'EUR',
      },
    ]);
  });

  it('declines 4000 0000 0000 0002 on the page, as Stripe does: another card may still pay', async () => {
    const app = await pageApp();
    const { page, providerSessionId } = await openPaymentPage(app, gateway, {
      amount: 999,
      currency: 'USD',
    });
    expect(page.body).toContain('$9.99 USD');

    const declined = await pay(app, page, '4000000000000002');

    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain(
      'role="alert">Your card was declined. Try another card, or cancel the payment.',
    );
    expect(declined.body).toContain('value="4000000000000002" aria-invalid="true"');
    expect(app.deliveries).toEqual([]);
    const approved = await pay(app, declined, '4242424242424242');
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(RETURN_URL);
    expect(deliveredEvents(gateway, app.deliveries)).toMatchObject([
      { type: 'succeeded', amount: 999, currency: 'USD', providerSessionId },
    ]);
  });

  it('fails the payment when the shopper cancels it: payment.failed, then back to the shop', async () => {
    const app = await pageApp();
    const { page, providerSessionId } = await openPaymentPage(app, gateway);
    const declined = await pay(app, page, '4000 0000 0000 0002');

    const cancelled = await submitForm(app, declined, 'Cancel payment');

    expect(page.body).toContain('<button type="submit" class="secondary">Cancel payment</button>');
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(RETURN_URL);
    expect(deliveredEvents(gateway, app.deliveries)).toMatchObject([
      { type: 'failed', amount: 1250, currency: 'EUR', providerSessionId },
    ]);
  });

  it('asks for 3-D Secure with 4000 0000 0000 3220; a failed step shows the form again', async () => {
    const app = await pageApp();
    const first = await openPaymentPage(app, gateway);

    const challenge = await pay(app, first.page, '4000 0000 0000 3220');

    expect(challenge.statusCode).toBe(200);
    expect(challenge.body).toContain('<button type="submit" name="outcome" value="complete">');
    expect(challenge.body).toContain('€12.50 EUR');
    expect(app.deliveries).toEqual([]);
    const completed = await submitForm(app, challenge, 'Complete authentication');
    expect(completed.statusCode).toBe(303);
    expect(completed.headers.location).toBe(RETURN_URL);

    const second = await openPaymentPage(app, gateway);
    const failed = await submitForm(
      app,
      await pay(app, second.page, '4000000000003220'),
      'Fail authentication',
    );
    expect(failed.statusCode).toBe(402);
    expect(failed.body).toContain('role="alert">3-D Secure authentication failed.');
    const paidAfterwards = await pay(app, failed, '4242 4242 4242 4242');
    expect(paidAfterwards.statusCode).toBe(303);

    expect(deliveredEvents(gateway, app.deliveries)).toMatchObject([
      { type: 'succeeded', providerSessionId: first.providerSessionId },
      { type: 'succeeded', providerSessionId: second.providerSessionId },
    ]);
  });

  it('shows the form again with an error for any other number, and sends nothing', async () => {
    const app = await pageApp();
    const { page } = await openPaymentPage(app, gateway);

    const response = await pay(app, page, '5555 5555 5555 4444');

    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('role="alert">Use one of the test cards');
    expect(response.body).toContain('aria-invalid="true" aria-describedby="card-error"');
    expect(response.body).toContain('value="5555 5555 5555 4444"');
    expect(app.deliveries).toEqual([]);
    // The form still works afterwards.
    expect((await pay(app, response, '4242424242424242')).statusCode).toBe(303);
  });

  it('refuses a forged session or a forged "Try again", sending nothing', async () => {
    const app = await pageApp();
    const { page } = await openPaymentPage(app, gateway);
    const token = /name="session" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const [payload = '', signature] = token.split('.');
    const session: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const cheaper = Buffer.from(JSON.stringify({ ...(session as object), amount: 1 })).toString(
      'base64url',
    );

    const forged = await app.inject({
      method: 'GET',
      url: `${sandboxPaths.pay}?session=${cheaper}.${signature}`,
    });
    // A session token is no delivery token, though both are sealed with the same key.
    const forgedRetry = await app.inject({
      method: 'POST',
      url: sandboxPaths.redeliver,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ delivery: token }).toString(),
    });

    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('This payment link is not valid');
    expect(forgedRetry.statusCode).toBe(400);
    expect(app.deliveries).toEqual([]);
  });
});
