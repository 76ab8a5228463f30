import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountEventListSchema, apiPaths, ErrorBodySchema } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { listAccountEvents } from './account-events.js';
import { requireUser, userOf } from './auth.js';

/** The signed-in owner's own account events: there is no id to ask for anyone else's. */
export const accountEventRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    apiPaths.accountsEvents,
    {
      preValidation: requireUser,
      schema: {
        tags: ['accounts'],
        summary: "The signed-in user's account events of the last 30 days, newest first",
        response: {
          200: AccountEventListSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => listAccountEvents(db, userOf(request).id),
  );
};
