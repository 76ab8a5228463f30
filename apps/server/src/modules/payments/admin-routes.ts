import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoutePaths, AdminLatePaymentListSchema } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { userEmails } from '../accounts/index.js';
import { latePayments } from './admin-payments.js';

/** Late payments in the back office (issue 8, point 3): money taken after the shop gave up on it. */
export const paymentsAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    adminRoutePaths.latePayments,
    {
      schema: {
        summary:
          'Successes that came after their payment failed or expired: refund them by hand at the provider',
        response: { 200: AdminLatePaymentListSchema },
      },
    },
    async () => {
      const rows = await latePayments(db);
      const emails = await userEmails(
        db,
        rows.map((row) => row.userId),
      );
      return rows.map((row) => ({
        eventId: row.event.eventId,
        provider: row.event.provider,
        receivedAt: row.event.receivedAt,
        amount: row.event.amount,
        currency: row.event.currency,
        paymentId: row.paymentId,
        purpose: row.purpose,
        paymentStatus: row.paymentStatus,
        orderId: row.orderId,
        customerId: row.userId,
        customerEmail: emails.get(row.userId) ?? '',
      }));
    },
  );
};
