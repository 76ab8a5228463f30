import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCapturedRefundResponseSchema,
  adminRoutePaths,
  AdminLatePaymentListSchema,
  AdminOtherCurrencyReversalListSchema,
  AdminOtherCurrencyReversalParamsSchema,
  AdminOtherCurrencyReversalSchema,
  AdminPaymentEventParamsSchema,
  AdminPaymentReversalListSchema,
  AdminSimulateDisputeParamsSchema,
  AdminSimulateDisputeRequestSchema,
  AdminSimulateDisputeResponseSchema,
  AdminProcessingPaymentListSchema,
  ErrorBodySchema,
} from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import type { PaymentGateway } from '../../infra/payments/index.js';
import { userEmails } from '../accounts/index.js';
import { adminOf } from '../admin/index.js';
import { latePayments } from './admin-payments.js';
import { refundCapturedPayment } from './admin-refund.js';
import { otherCurrencyReversalList, settleOtherCurrencyReversal } from './admin-other-currency.js';
import { processingTooLong } from './admin-processing.js';
import { paymentReversalList } from './admin-reversals.js';
import { simulateDispute, type SimulateDeps } from './admin-simulate.js';

export interface PaymentsAdminOptions {
  db: Db;
  gateway: PaymentGateway;
  /** On a sandbox shop only: the back office may play a dispute. */
  simulate?: SimulateDeps;
}

/**
 * Captured payments that did not become a sale, in the back office: late ones (refunded
 * automatically), amount or currency mismatches and successes for orders that no longer waited;
 * each refunded through the provider in one click.
 */
export const paymentsAdminRoutes: FastifyPluginAsyncZod<PaymentsAdminOptions> = async (
  app,
  { db, gateway, simulate },
) => {
  if (simulate) {
    app.post(
      adminRoutePaths.paymentSimulateDispute,
      {
        schema: {
          summary:
            'Test shops only: play a dispute of a payment (inquiry, funds withdrawn, won) through the sandbox webhook',
          params: AdminSimulateDisputeParamsSchema,
          body: AdminSimulateDisputeRequestSchema,
          response: {
            200: AdminSimulateDisputeResponseSchema,
            400: ErrorBodySchema,
            404: ErrorBodySchema,
          },
        },
      },
      async (request) =>
        simulateDispute(simulate, adminOf(request).id, request.params.paymentId, request.body),
    );
  }

  app.post(
    adminRoutePaths.paymentEventRefund,
    {
      schema: {
        summary: 'Refund, through the provider and once, money captured that did not become a sale',
        params: AdminPaymentEventParamsSchema,
        response: {
          200: AdminCapturedRefundResponseSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (request) =>
      refundCapturedPayment(
        { db, gateway, log: request.log },
        adminOf(request).id,
        request.params.eventId,
      ),
  );

  app.get(
    adminRoutePaths.latePayments,
    {
      schema: {
        summary:
          'Captured payments that did not become a sale (late, mismatched, undelivered), with their refunds',
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
        outcome: row.outcome,
        refundedAt: row.refundedAt,
        providerRefundId: row.providerRefundId,
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

  app.get(
    adminRoutePaths.paymentReversals,
    {
      schema: {
        summary:
          'Disputes and refunds made at the provider, with the customer, the amount and what was taken back',
        response: { 200: AdminPaymentReversalListSchema },
      },
    },
    async () => paymentReversalList(db),
  );

  app.get(
    adminRoutePaths.otherCurrencyReversals,
    {
      schema: {
        summary:
          'Disputes and provider refunds in another currency than their payment: nothing moved, a person settles them',
        response: { 200: AdminOtherCurrencyReversalListSchema },
      },
    },
    async () => otherCurrencyReversalList(db),
  );

  app.post(
    adminRoutePaths.otherCurrencyReversalSettle,
    {
      schema: {
        summary: 'Mark a dispute or provider refund in another currency settled (audited, once)',
        params: AdminOtherCurrencyReversalParamsSchema,
        response: {
          200: AdminOtherCurrencyReversalSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) =>
      settleOtherCurrencyReversal(db, adminOf(request).id, request.params.reversalId),
  );

  app.get(
    adminRoutePaths.processingPayments,
    {
      schema: {
        summary:
          'Payments processing (a bank debit under way) for longer than expected, oldest first',
        response: { 200: AdminProcessingPaymentListSchema },
      },
    },
    async () => processingTooLong(db),
  );
};
