// Return links (PUBLIC_URL unset): a payment leads back to the loopback origin the shop was opened
// at; any other Host gets the default; mails never take their links from request headers.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPaths } from '@pictura/contract';
import type { App } from '../../app.js';
import { sandboxPaths } from '../../infra/payments/index.js';
import { seedTestCatalog } from '../../test/catalog.js';
import {
  bearer,
  describeEachEngine,
  randomIp,
  signUp,
  startSmtpCapture,
  type SmtpCapture,
  type TestUser,
} from '../../test/index.js';
import { creditBalance, orderRequest } from '../../test/orders.js';
import { depositRequest } from '../../test/payments.js';

const DEFAULT_URL = 'http://localhost:3000';

const post = (app: App, user: TestUser, url: string, body: object, host: string) =>
  app.inject({
    method: 'POST',
    url,
    remoteAddress: randomIp(),
    headers: { ...bearer(user.accessToken), host },
    payload: body,
  });

/** Pays a sandbox link with the approving card, as a browser at the link's origin; answers where it returns. */
async function payAndReturn(app: App, paymentLink: string): Promise<string | undefined> {
  const link = new URL(paymentLink);
  const paid = await app.inject({
    method: 'POST',
    url: sandboxPaths.pay,
    headers: { host: link.host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      session: link.searchParams.get('session') ?? '',
      cardNumber: '4242424242424242',
    }).toString(),
  });
  return paid.headers.location;
}

describeEachEngine('return links without PUBLIC_URL', (ctx) => {
  let fox = 0;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    fox = (await seedTestCatalog(ctx.database.db)).get('red-fox')![0]!;
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('sends the shopper back to the loopback origin the order was placed at', async () => {
    const app = await ctx.buildApp();
    const results: Record<string, string | undefined> = {};
    for (const host of ['127.0.0.1:3000', '[::1]:3000', 'evil.example:3000', '127.0.0.1:4000']) {
      // A buyer each: a paid picture cannot be bought twice.
      const user = await signUp(app);
      const placed = await post(app, user, apiPaths.orders, orderRequest([fox]), host);
      const { paymentLink } = placed.json<{ paymentLink: string }>();
      expect(new URL(paymentLink).pathname).toBe(sandboxPaths.pay);
      results[host] = await payAndReturn(app, paymentLink);
    }

    expect(results).toEqual({
      '127.0.0.1:3000': expect.stringMatching(
        /^http:\/\/127\.0\.0\.1:3000\/payment-result\?payment=/,
      ),
      '[::1]:3000': expect.stringMatching(/^http:\/\/\[::1\]:3000\/payment-result\?payment=/),
      'evil.example:3000': expect.stringMatching(/^http:\/\/localhost:3000\/payment-result\?/),
      '127.0.0.1:4000': expect.stringMatching(/^http:\/\/localhost:3000\/payment-result\?/),
    });
  });

  it('does the same for a deposit and for an order the balance paid whole', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    await creditBalance(ctx.database.db, user, 1_000, 'EUR');

    const deposit = await post(
      app,
      user,
      apiPaths.balanceDeposit,
      depositRequest(),
      '127.0.0.1:3000',
    );
    const paid = await post(
      app,
      user,
      apiPaths.orders,
      orderRequest([fox], { payByBalance: true }),
      '127.0.0.1:3000',
    );

    expect(await payAndReturn(app, deposit.json<{ paymentLink: string }>().paymentLink)).toMatch(
      /^http:\/\/127\.0\.0\.1:3000\/payment-result\?payment=/,
    );
    expect(paid.json()).toEqual({
      paymentLink: expect.stringMatching(/^http:\/\/127\.0\.0\.1:3000\/payment-result\?order=\d+$/),
    });
  });

  it('keeps PUBLIC_URL when it is set, whatever the Host', async () => {
    const app = await ctx.buildApp({ env: { PUBLIC_URL: 'https://pictura.example' } });
    const user = await signUp(app);

    const placed = await post(app, user, apiPaths.orders, orderRequest([fox]), '127.0.0.1:3000');

    const { paymentLink } = placed.json<{ paymentLink: string }>();
    expect(paymentLink).toMatch(/^https:\/\/pictura\.example\/api\/payments\/sandbox\/pay\?/);
  });

  it('never takes a mailed link from the request: a forged Host gets the default in the mail', async () => {
    const app = await ctx.buildApp({ env: { SMTP_URL: smtp.url } });
    const user = await signUp(app);

    for (const host of ['evil.example', '127.0.0.1:3000']) {
      const asked = await app.inject({
        method: 'POST',
        url: apiPaths.accountsForgotPassword,
        remoteAddress: randomIp(),
        headers: { host, 'x-forwarded-host': 'evil.example' },
        payload: { email: user.email },
      });
      expect(asked.statusCode).toBe(200);
      const mail = await smtp.nextMailTo(user.email);
      const links = (mail.text ?? '').match(/https?:\/\/[^\s)]+/g) ?? [];
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link.startsWith(`${DEFAULT_URL}/`), link).toBe(true);
    }
  });
});
