import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoutePaths, AuditListSchema, AuditQuerySchema } from '@pictura/contract';
import type { AdminService } from './service.js';

/** GET /api/admin/audit: the audit log, newest first. */
export const auditRoutes: FastifyPluginAsyncZod<{ service: AdminService }> = async (
  app,
  { service },
) => {
  app.get(
    adminRoutePaths.audit,
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log of back-office changes, newest first',
        querystring: AuditQuerySchema,
        response: { 200: AuditListSchema },
      },
    },
    async (request) => service.listAudit(request.query),
  );
};
