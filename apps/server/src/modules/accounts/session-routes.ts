import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountSessionListSchema,
  AccountSessionParamsSchema,
  apiPaths,
  EmptyResponseSchema,
  ErrorBodySchema,
} from '@pictura/contract';
import { requireUser, userOf } from './auth.js';
import { requireRecentAuthentication } from './sudo.js';
import type { AccountsService } from './service.js';

const tags = ['accounts'];
const signedInErrors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema };

/**
 * The signed-in sessions a user sees in account settings, and ending them: that needs a recent
 * re-authentication, so that someone holding one session cannot sign the owner out and stay.
 */
export const sessionRoutes: FastifyPluginAsyncZod<{ service: AccountsService }> = async (
  app,
  { service },
) => {
  app.get(
    apiPaths.accountsSessions,
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: "The signed-in user's sessions that still stand, the current one marked",
        response: { 200: AccountSessionListSchema, ...signedInErrors },
      },
    },
    async (request) => service.sessions(userOf(request)),
  );

  app.post(
    `${apiPaths.accountsSessions}/:id/end`,
    {
      preValidation: [requireUser, requireRecentAuthentication],
      schema: {
        tags,
        summary: "End one of the signed-in user's sessions (its tokens stop working at once)",
        params: AccountSessionParamsSchema,
        response: { 200: EmptyResponseSchema, 404: ErrorBodySchema, ...signedInErrors },
      },
    },
    async (request) => {
      await service.endSession(userOf(request), request.params.id);
      return {};
    },
  );

  app.post(
    `${apiPaths.accountsSessions}/end-others`,
    {
      preValidation: [requireUser, requireRecentAuthentication],
      schema: {
        tags,
        summary: 'End every session of the signed-in user but this one',
        response: { 200: EmptyResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      await service.endOtherSessions(userOf(request));
      return {};
    },
  );
};
