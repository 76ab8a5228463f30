import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  BalanceQuerySchema,
  BalanceDebtListSchema,
  BalanceResponseSchema,
  ErrorBodySchema,
  LedgerHistoryQuerySchema,
  LedgerHistorySchema,
} from '@pictura/contract';
import { requireUser, userOf } from '../accounts/index.js';
import type { LedgerService } from './service.js';

const tags = ['balance'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema };

/** POST /api/balance (docs/product/money.md#balances) and the ledger history behind it. */
export const ledgerRoutes: FastifyPluginAsyncZod<{ service: LedgerService }> = async (
  app,
  { service },
) => {
  app.post(
    apiPaths.balance,
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'My balance in one currency, in minor units',
        body: BalanceQuerySchema,
        response: { 200: BalanceResponseSchema, ...errors },
      },
    },
    async (request) => service.balance(userOf(request).id, request.body.currency),
  );

  app.get(
    apiPaths.balanceHistory,
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'My balance movements in one currency, newest first',
        querystring: LedgerHistoryQuerySchema,
        response: { 200: LedgerHistorySchema, ...errors },
      },
    },
    async (request) =>
      service.history(userOf(request).id, request.query.Currency, request.query.Before),
  );

  app.get(
    apiPaths.balanceDebt,
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'What I owe per currency after a dispute or a refund at the provider',
        response: { 200: BalanceDebtListSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return service.debts(userOf(request).id);
    },
  );
};
