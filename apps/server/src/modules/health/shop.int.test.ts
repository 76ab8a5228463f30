import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/index.js';

describeEachEngine('GET /api/shop', (ctx) => {
  it('tells the web app that a shop on the sandbox is a test shop, and one on Stripe is not', async () => {
    const sandbox = await ctx.buildApp();
    const stripe = await ctx.buildApp({
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_stand_in_key',
        STRIPE_WEBHOOK_SECRET: 'whsec_stand_in_secret',
      },
    });

    const onSandbox = await sandbox.inject({ method: 'GET', url: '/api/shop' });
    const onStripe = await stripe.inject({ method: 'GET', url: '/api/shop' });

    expect(onSandbox.statusCode).toBe(200);
    expect(onSandbox.json()).toEqual({ testPayments: true });
    expect(onStripe.json()).toEqual({ testPayments: false });
  });
});
