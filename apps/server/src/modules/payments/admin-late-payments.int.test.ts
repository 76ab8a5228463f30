// Late payments in the back office: a success that arrives after its payment was
// settled as failed is listed with its order and customer, so an admin can refund it by hand.
import { expect, it } from 'vitest';
import { adminApiPaths, AdminLatePaymentListSchema } from '@pictura/contract';
import { seedTestCatalog } from '../../test/catalog.js';
import { bearer, describeEachEngine, signUp, signUpAdmin } from '../../test/index.js';
import {
  deliverWebhook,
  orderRequest,
  ordersOf,
  paymentOfOrder,
  placeOrder,
  settleOrder,
} from '../../test/orders.js';

describeEachEngine('late payments in the back office', (ctx) => {
  it('lists a success that came after the payment failed, refunded automatically, and nothing else', async () => {
    const fox = (await seedTestCatalog(ctx.database.db)).get('red-fox')?.[0] ?? 0;
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const buyer = await signUp(app);
    await placeOrder(app, buyer, orderRequest([fox]));
    const [order] = await ordersOf(app, buyer);
    await settleOrder(app, ctx.database.db, order?.id ?? 0, 'failed');
    const payment = await paymentOfOrder(ctx.database.db, order?.id ?? 0);
    const late = await deliverWebhook(app, {
      type: 'succeeded',
      paymentId: payment.id,
      amount: payment.amount,
      currency: payment.currency,
      id: 'evt_late_one',
    });
    expect(late.statusCode).toBe(200);

    const response = await app.inject({
      method: 'GET',
      url: adminApiPaths.latePayments,
      headers: bearer(admin.accessToken),
    });

    expect(response.statusCode).toBe(200);
    const list = AdminLatePaymentListSchema.parse(response.json());
    expect(list).toEqual([
      {
        eventId: 'evt_late_one',
        outcome: 'late',
        refundedAt: expect.any(String),
        providerRefundId: expect.stringMatching(/^sbx_re_/),
        provider: 'sandbox',
        receivedAt: expect.any(String),
        amount: 500,
        currency: 'EUR',
        paymentId: payment.id,
        purpose: 'order',
        paymentStatus: 'late',
        orderId: order?.id,
        customerId: payment.userId,
        customerEmail: buyer.email,
      },
    ]);
  });
});
