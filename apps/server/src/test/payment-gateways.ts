// Fixtures for the payment gateways' own tests (infra/payments): a payment request, the sandbox
// page in a small app of its own, and a browser-like way to submit its HTML forms.
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../app.js';
import {
  sandboxPaymentPages,
  type CreatePaymentSessionRequest,
  type DeliverWebhook,
  type GatewayEvent,
  type PaymentGateway,
  type SandboxKeys,
} from '../infra/payments/index.js';

/** A payment of 12.50 EUR for order 12, to be overridden field by field. */
export const paymentRequest = (
  overrides: Partial<CreatePaymentSessionRequest> = {},
): CreatePaymentSessionRequest => ({
  reference: '0b7d4c1e-2f3a-4e5b-8c6d-7e8f9a0b1c2d',
  amount: 1250,
  currency: 'EUR',
  description: 'Pictura order 12',
  customer: {
    email: 'ann@example.com',
    firstName: 'Ann',
    lastName: 'Lee',
    country: 'DE',
    city: 'Berlin',
    address1: 'Main street 1',
    zipCode: '10115',
  },
  browser: {
    javascriptEnabled: true,
    acceptLanguage: 'en',
    screenWidth: 1280,
    screenHeight: 800,
    timeZone: 'Europe/Berlin',
    userAgent: 'test',
  },
  returnUrl: 'http://localhost:3000/payment-result?payment=0b7d4c1e-2f3a-4e5b-8c6d-7e8f9a0b1c2d',
  expiresAt: new Date(Date.now() + 30 * 60_000),
  locale: 'en',
  ...overrides,
});

export interface RecordedDelivery {
  body: string;
  headers: Record<string, string>;
}

export type SandboxPageApp = App & { deliveries: RecordedDelivery[] };

/**
 * Registers the sandbox page plugin on `app` (give it the real app's CSP and error handler). Unless
 * `deliverWebhook` is given, deliveries are recorded and answered with the next of `statuses` (200
 * when they run out).
 */
export async function withSandboxPages(
  app: App,
  keys: SandboxKeys,
  options: { statuses?: number[]; deliverWebhook?: DeliverWebhook } = {},
): Promise<SandboxPageApp> {
  const deliveries: RecordedDelivery[] = [];
  const statuses = [...(options.statuses ?? [])];
  const record: DeliverWebhook = async (body, headers) => {
    deliveries.push({ body, headers });
    return statuses.shift() ?? 200;
  };
  await app.register(sandboxPaymentPages, {
    keys,
    deliverWebhook: options.deliverWebhook ?? record,
  });
  return Object.assign(app, { deliveries });
}

/** Creates a session and opens its payment link as a browser would. */
export async function openPaymentPage(
  app: App,
  gateway: PaymentGateway,
  overrides: Partial<CreatePaymentSessionRequest> = {},
): Promise<{ page: LightMyRequestResponse; providerSessionId: string }> {
  const { paymentLink, providerSessionId } = await gateway.createSession(paymentRequest(overrides));
  const url = new URL(paymentLink);
  const page = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  return { page, providerSessionId };
}

const unescapeHtml = (text: string): string =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * Submits the page's POST form holding the button labelled `button`, as a browser would: its
 * hidden fields, the button's own name and value, and what the user typed.
 */
export async function submitForm(
  app: App,
  page: LightMyRequestResponse,
  button: string,
  typed: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const forms = [...page.body.matchAll(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/g)];
  const form = forms.find(([, , inner]) => inner?.includes(`>${button}</button>`));
  if (!form) throw new Error(`no form with a "${button}" button`);
  const [, action = '', inner = ''] = form;
  const fields = new URLSearchParams();
  for (const [, name = '', value = ''] of inner.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
  )) {
    fields.set(name, unescapeHtml(value));
  }
  const pressed = new RegExp(`<button[^>]*name="([^"]+)" value="([^"]+)"[^>]*>${button}<`).exec(
    inner,
  );
  if (pressed?.[1] && pressed[2]) fields.set(pressed[1], pressed[2]);
  for (const [name, value] of Object.entries(typed)) fields.set(name, value);
  return app.inject({
    method: 'POST',
    url: action,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: fields.toString(),
  });
}

/** The events a shop reads from recorded deliveries, verified as its webhook route would. */
export function deliveredEvents(
  gateway: PaymentGateway,
  deliveries: readonly RecordedDelivery[],
): GatewayEvent[] {
  return deliveries.flatMap(({ body, headers }) => {
    const result = gateway.parseWebhook({ rawBody: Buffer.from(body), headers });
    if (result.kind === 'invalid')
      throw new Error(`delivered an invalid webhook: ${result.reason}`);
    return result.events;
  });
}
