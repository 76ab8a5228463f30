import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminRoutePaths,
  ErrorBodySchema,
  SalesQuerySchema,
  SalesReportSchema,
} from '@pictura/contract';
import type { SalesService } from './service.js';

/** GET /api/admin/sales: read-only figures per day, inside the admin scope. */
export const salesAdminRoutes: FastifyPluginAsyncZod<{ service: SalesService }> = async (
  app,
  { service },
) => {
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
      return service.report(request.query);
    },
  );
};
