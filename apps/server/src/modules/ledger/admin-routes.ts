import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminRoutePaths,
  AdminCustomerIdParamsSchema,
  AdminCustomerLedgerQuerySchema,
  AdminCustomerListSchema,
  AdminCustomerQuerySchema,
  AdminCustomerSchema,
  ErrorBodySchema,
  LedgerHistorySchema,
} from '@pictura/contract';
import type { LedgerService } from './service.js';

/** A customer's money in the back office: search, balances, ledger entries. */
export const ledgerAdminRoutes: FastifyPluginAsyncZod<{ service: LedgerService }> = async (
  app,
  { service },
) => {
  app.get(
    adminRoutePaths.customers,
    {
      schema: {
        summary: 'Customers whose address contains the text, with their balances',
        querystring: AdminCustomerQuerySchema,
        response: { 200: AdminCustomerListSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => service.searchCustomers(request.query.Email),
  );

  app.get(
    adminRoutePaths.customer,
    {
      schema: {
        summary: 'A customer and their balance in each currency',
        params: AdminCustomerIdParamsSchema,
        response: { 200: AdminCustomerSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => service.customer(request.params.customerId),
  );

  app.get(
    adminRoutePaths.customerLedger,
    {
      schema: {
        summary: "A customer's ledger entries in one currency, newest first",
        params: AdminCustomerIdParamsSchema,
        querystring: AdminCustomerLedgerQuerySchema,
        response: { 200: LedgerHistorySchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) =>
      service.customerHistory(
        request.params.customerId,
        request.query.Currency,
        request.query.Before,
      ),
  );
};
