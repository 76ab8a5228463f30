import { expect, it } from 'vitest';
import { apiPathTo, apiPaths, LIMITS, type DepositRequest } from '@pictura/contract';
import type { App } from '../../app.js';
import { bearer, describeEachEngine, signUp, type TestUser } from '../../test/index.js';
import {
  balanceOfUser,
  deliverSandboxEvent,
  depositRequest,
  newEventId,
  paymentOfLink,
  postDeposit,
  startDeposit,
} from '../../test/payments.js';

const history = (app: App, user: TestUser, currency: string) =>
  app.inject({
    method: 'GET',
    url: `${apiPaths.balanceHistory}?Currency=${currency}`,
    headers: bearer(user.accessToken),
  });

const paymentResult = (app: App, user: TestUser, paymentId: string) =>
  app.inject({
    method: 'GET',
    url: apiPathTo.payment(paymentId),
    headers: bearer(user.accessToken),
  });

describeEachEngine('deposits', (ctx) => {
  it('answers a payment link to the sandbox page for the amount, and moves no money yet', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);

    const response = await postDeposit(app, user, depositRequest({ depositAmount: 2_500 }));

    expect(response.statusCode).toBe(200);
    const { paymentLink } = response.json<{ paymentLink: string }>();
    expect(paymentLink).toMatch(/^http:\/\/localhost:\d+\/api\/payments\/sandbox\/pay\?session=/);
    const payment = paymentOfLink(paymentLink);
    expect(payment).toMatchObject({ amount: 2_500, currency: 'EUR' });
    expect((await paymentResult(app, user, payment.paymentId)).json()).toEqual({
      id: payment.paymentId,
      purpose: 'deposit',
      status: 'pending',
      amount: 2_500,
      currency: 'EUR',
      orderId: null,
      failureReason: null,
    });
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);
  });

  it('accepts the limits (5.00 and 1,000.00) and refuses an amount outside them', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);

    const amounts = [
      LIMITS.depositMin - 1,
      LIMITS.depositMin,
      LIMITS.depositMax,
      LIMITS.depositMax + 1,
      0,
      -500,
      12.5,
    ];
    const statuses = [];
    for (const depositAmount of amounts) {
      statuses.push((await postDeposit(app, user, depositRequest({ depositAmount }))).statusCode);
    }

    expect(statuses).toEqual([400, 200, 200, 400, 400, 400, 400]);
    const tooSmall = await postDeposit(app, user, depositRequest({ depositAmount: 499 }));
    expect(tooSmall.json()).toEqual({ errors: { depositAmount: expect.any(String) } });
  });

  it('refuses missing billing fields, no agreement, unknown fields and an unknown currency', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const withoutCity: Partial<DepositRequest> = depositRequest();
    delete withoutCity.city;

    const noCity = await postDeposit(app, user, withoutCity);
    const notAgreed = await postDeposit(app, user, { ...depositRequest(), agreedToPP_TOS: false });
    const smuggled = await postDeposit(app, user, { ...depositRequest(), userId: 'someone' });
    const yen = await postDeposit(app, user, { ...depositRequest(), currency: 'JPY' });

    expect(noCity.statusCode).toBe(400);
    expect(noCity.json()).toEqual({ errors: { city: expect.any(String) } });
    expect(notAgreed.json()).toEqual({ errors: { agreedToPP_TOS: expect.any(String) } });
    expect(smuggled.statusCode).toBe(400);
    expect(yen.json()).toEqual({ errors: { currency: expect.any(String) } });
  });

  it('answers 401 when signed out', async () => {
    const app = await ctx.buildApp();

    const response = await app.inject({
      method: 'POST',
      url: apiPaths.balanceDeposit,
      payload: depositRequest(),
    });

    expect(response.statusCode).toBe(401);
  });

  it('credits the balance once when the provider confirms the payment', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const deposit = await startDeposit(app, user, 4_000, 'USD');

    const id = newEventId();
    const confirmed = await deliverSandboxEvent(app, { id, type: 'succeeded', ...deposit });
    // The provider's retry of the same event, and a second, different success event.
    const replayed = await deliverSandboxEvent(app, { id, type: 'succeeded', ...deposit });
    const another = await deliverSandboxEvent(app, { type: 'succeeded', ...deposit });

    expect([confirmed.statusCode, replayed.statusCode, another.statusCode]).toEqual([
      200, 200, 200,
    ]);
    expect(await balanceOfUser(app, user, 'USD')).toBe(4_000);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);
    expect((await history(app, user, 'USD')).json()).toEqual({
      entries: [
        {
          id: expect.any(Number),
          currency: 'USD',
          amount: 4_000,
          balanceAfter: 4_000,
          kind: 'deposit',
          reference: `payment:${deposit.paymentId}`,
          createdAt: expect.any(String),
        },
      ],
      nextBefore: null,
    });
    expect((await paymentResult(app, user, deposit.paymentId)).json()).toMatchObject({
      status: 'succeeded',
    });
  });

  it('credits nothing when the payment fails or expires; a success after that is late (refunded)', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const declined = await startDeposit(app, user, 1_000, 'EUR');
    const abandoned = await startDeposit(app, user, 2_000, 'EUR');

    await deliverSandboxEvent(app, { type: 'failed', ...declined });
    await deliverSandboxEvent(app, { type: 'expired', ...abandoned });
    const late = await deliverSandboxEvent(app, { type: 'succeeded', ...declined });

    expect(late.statusCode).toBe(200);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(0);
    expect((await history(app, user, 'EUR')).json()).toEqual({ entries: [], nextBefore: null });
    expect((await paymentResult(app, user, declined.paymentId)).json()).toMatchObject({
      status: 'late',
    });
    expect((await paymentResult(app, user, abandoned.paymentId)).json()).toMatchObject({
      status: 'expired',
    });
  });

  it("keeps the deposit's billing fields off the profile", async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);

    await postDeposit(app, user, depositRequest({ firstName: 'Zoe', city: 'Lisbon' }));

    const profile = await app.inject({
      method: 'GET',
      url: apiPaths.accountsProfile,
      headers: bearer(user.accessToken),
    });
    expect(profile.json()).toMatchObject({ firstName: null, city: null, country: null });
  });

  it("shows a deposit's payment to its owner only", async () => {
    const app = await ctx.buildApp();
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const deposit = await startDeposit(app, owner, 1_000, 'EUR');

    expect((await paymentResult(app, stranger, deposit.paymentId)).statusCode).toBe(404);
  });
});
