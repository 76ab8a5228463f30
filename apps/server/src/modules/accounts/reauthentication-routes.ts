import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  ErrorBodySchema,
  ReauthenticateRequestSchema,
  ReauthenticateResponseSchema,
} from '@pictura/contract';
import type { AppConfig } from '../../config.js';
import { routeRateLimit } from '../../http/rate-limit.js';
import { requireUser, userOf } from './auth.js';
import type { ReauthenticationService } from './reauthentication-service.js';

const signedInErrors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema };

/** Proving it is you again before a sensitive change ("sudo mode"). */
export const reauthenticationRoutes: FastifyPluginAsyncZod<{
  service: ReauthenticationService;
  config: Pick<AppConfig, 'authRateLimitIpMax'>;
}> = async (app, { service, config }) => {
  app.post(
    apiPaths.accountsReauthenticate,
    {
      // It checks a password or a code: the login's budget per IP.
      config: routeRateLimit(config.authRateLimitIpMax),
      preValidation: requireUser,
      // And the per-account budget every password re-check shares: a stolen session is no oracle.
      preHandler: app.limitPasswordChecks,
      schema: {
        tags: ['accounts'],
        summary:
          'Prove it is you again (password, code or passkey): sensitive changes are open for 10 minutes',
        body: ReauthenticateRequestSchema,
        response: { 200: ReauthenticateResponseSchema, ...signedInErrors },
      },
    },
    async (request) => service.reauthenticate(userOf(request), request.body),
  );
};
