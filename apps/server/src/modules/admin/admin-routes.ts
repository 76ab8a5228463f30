import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoutePaths, AuditListSchema, AuditQuerySchema } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { listAudit } from './audit.js';

/** GET /api/admin/audit: the audit log, newest first. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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
    async (request) => listAudit(db, request.query),
  );
};
