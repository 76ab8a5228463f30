import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, HealthResponseSchema } from '@pictura/contract';
import type { Database } from '../../infra/db/index.js';

/** For load balancers and monitoring: up only when the database answers. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get(
    apiPaths.health,
    {
      schema: {
        tags: ['health'],
        summary: 'Whether the server and its database are up',
        response: { 200: HealthResponseSchema, 503: HealthResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        await database.ping();
        return { status: 'ok', database: 'up' } as const;
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'unhealthy', database: 'down' });
      }
    },
  );
};
