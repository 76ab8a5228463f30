import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminRoutePaths,
  ErrorBodySchema,
  SalesQuerySchema,
  SalesReportSchema,
} from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { salesReport } from './report.js';

/** GET /api/admin/sales: read-only figures per day, inside the admin scope. */
export const salesAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    adminRoutePaths.sales,
    {
      schema: {
        summary: 'Revenue per currency, orders and generations per day, top offers (UTC days)',
        querystring: SalesQuerySchema,
        response: { 200: SalesReportSchema, 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return salesReport(db, request.query);
    },
  );
};
