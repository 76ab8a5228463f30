import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  CreditNoteListSchema,
  CreditNoteNumberParamsSchema,
  DepositReceiptListSchema,
  ErrorBodySchema,
  OrderIdParamsSchema,
  ReceiptNumberParamsSchema,
} from '@pictura/contract';
import { requireUser, userOf } from '../accounts/index.js';
import { sendPdf } from '../../http/attachment.js';
import type { ReceiptsService } from './service.js';

const errors = { 401: ErrorBodySchema, 404: ErrorBodySchema };

/**
 * Receipts where their buyers look for them: an order's beside the order (/api/orders), a
 * deposit's beside the balance (/api/balance). Another user's receipt is a 404.
 */
export const receiptsRoutes: FastifyPluginAsyncZod<{ service: ReceiptsService }> = async (
  app,
  { service },
) => {
  app.get(
    `${apiPaths.orders}/:orderId/receipt`,
    {
      preValidation: requireUser,
      schema: {
        tags: ['orders'],
        summary: "My paid order's receipt, with the VAT it includes (PDF attachment)",
        params: OrderIdParamsSchema,
        response: errors,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await service.orderReceipt(userOf(request).id, request.params.orderId)),
  );

  app.get(
    apiPaths.balanceReceipts,
    {
      preValidation: requireUser,
      schema: {
        tags: ['balance'],
        summary: 'The receipts of my credited deposits, newest first',
        response: { 200: DepositReceiptListSchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.depositReceipts(userOf(request).id);
    },
  );

  app.get(
    `${apiPaths.balanceReceipts}/:receiptNumber`,
    {
      preValidation: requireUser,
      schema: {
        tags: ['balance'],
        summary: "One of my deposits' receipts (PDF attachment)",
        params: ReceiptNumberParamsSchema,
        response: errors,
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await service.depositReceipt(userOf(request).id, request.params.receiptNumber),
      ),
  );

  app.get(
    apiPaths.balanceCreditNotes,
    {
      preValidation: requireUser,
      schema: {
        tags: ['balance'],
        summary: 'The credit notes correcting my receipts (refunds, disputes), newest first',
        response: { 200: CreditNoteListSchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.creditNotes(userOf(request).id);
    },
  );

  app.get(
    `${apiPaths.balanceCreditNotes}/:creditNoteNumber`,
    {
      preValidation: requireUser,
      schema: {
        tags: ['balance'],
        summary: 'One of my credit notes (PDF attachment)',
        params: CreditNoteNumberParamsSchema,
        response: errors,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await service.creditNote(userOf(request).id, request.params.creditNoteNumber)),
  );
};
