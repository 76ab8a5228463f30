import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCreditNoteListSchema,
  AdminCreditNoteNumberParamsSchema,
  AdminCreditNoteQuerySchema,
  adminRoutePaths,
  ErrorBodySchema,
} from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { AppError } from '../../lib/index.js';
import { sendPdf } from '../../http/attachment.js';
import { creditNoteFile } from '../receipts/index.js';
import { adminCreditNotes } from './admin-credit-notes.js';

export interface CreditNotesAdminOptions {
  db: Db;
  publicUrl: string;
}

/**
 * The credit notes every refund and reversal issued, for the back office: an order's, a payment's
 * or the newest, and each one's PDF as its buyer was sent it. Admins only (the admin scope checks
 * the role and the second factor on every call); the PDF holds the buyer's address, so it is
 * never cached.
 */
export const creditNotesAdminRoutes: FastifyPluginAsyncZod<CreditNotesAdminOptions> = async (
  app,
  { db, publicUrl },
) => {
  app.get(
    adminRoutePaths.creditNotes,
    {
      schema: {
        summary:
          "Credit notes, newest first: an order's (OrderId), those of the receipt a payment paid (PaymentId), or the newest",
        querystring: AdminCreditNoteQuerySchema,
        response: { 200: AdminCreditNoteListSchema, 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return adminCreditNotes(db, request.query);
    },
  );

  app.get(
    adminRoutePaths.creditNote,
    {
      schema: {
        summary: 'One credit note as its buyer was sent it (PDF attachment, in their language)',
        params: AdminCreditNoteNumberParamsSchema,
        response: { 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const file = await creditNoteFile(db, {
        number: request.params.creditNoteNumber,
        publicUrl,
      });
      if (!file) throw new AppError('NOT_FOUND');
      return sendPdf(reply, file);
    },
  );
};
