import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  apiPathTo,
  EmptyResponseSchema,
  ErrorBodySchema,
  PasskeyListSchema,
  PasskeyLoginOptionsSchema,
  PasskeyLoginRequestSchema,
  PasskeyParamsSchema,
  PasskeyRegistrationOptionsRequestSchema,
  PasskeyRegistrationOptionsSchema,
  PasskeySchema,
  RegisterPasskeyRequestSchema,
  RenamePasskeyRequestSchema,
  TokenResponseSchema,
} from '@pictura/contract';
import type { AppConfig } from '../../config.js';
import { routeRateLimit } from '../../http/rate-limit.js';
import { requireUser, userOf } from './auth.js';
import { requireRecentAuthentication } from './sudo.js';
import { requireVerifiedEmail } from './verified-email.js';
import type { PasskeyService } from './passkey-service.js';

export interface PasskeyRoutesOptions {
  service: PasskeyService;
  config: Pick<AppConfig, 'authRateLimitIpMax'>;
}

const tags = ['accounts'];
const errors = { 400: ErrorBodySchema, 429: ErrorBodySchema };
const signedInErrors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema };

/** The signed-in user's passkeys in account settings, and signing in with one. */
export const passkeyRoutes: FastifyPluginAsyncZod<PasskeyRoutesOptions> = async (
  app,
  { service, config },
) => {
  // Signing in with a passkey, and the password check before adding one, have the login's budget.
  const perIp = routeRateLimit(config.authRateLimitIpMax);
  const onePasskey = `${apiPaths.accountsPasskeys}/:id`;

  app.get(
    apiPaths.accountsPasskeys,
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: "The signed-in user's passkeys, oldest first",
        response: { 200: PasskeyListSchema, ...signedInErrors },
      },
    },
    async (request) => service.list(userOf(request)),
  );

  app.post(
    apiPathTo.accountsPasskeyRegistrationOptions(),
    {
      config: perIp,
      // An unverified address proves nothing: a factor added before it is verified could be a
      // squatter's, waiting for the address's owner (account pre-hijacking).
      preValidation: [requireUser, requireVerifiedEmail],
      preHandler: app.limitPasswordChecks,
      schema: {
        tags,
        summary: 'Check the password and start adding a passkey: the options for the browser',
        body: PasskeyRegistrationOptionsRequestSchema,
        response: { 200: PasskeyRegistrationOptionsSchema, ...signedInErrors },
      },
    },
    async (request) => service.registrationOptions(userOf(request), request.body),
  );

  app.post(
    apiPaths.accountsPasskeys,
    {
      preValidation: [requireUser, requireVerifiedEmail],
      schema: {
        tags,
        summary: 'Add the passkey the browser made with the registration options',
        body: RegisterPasskeyRequestSchema,
        response: { 200: PasskeySchema, ...signedInErrors },
      },
    },
    async (request) => service.register(userOf(request), request.body),
  );

  app.patch(
    onePasskey,
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: "Rename one of the signed-in user's passkeys",
        params: PasskeyParamsSchema,
        body: RenamePasskeyRequestSchema,
        response: { 200: PasskeySchema, 404: ErrorBodySchema, ...signedInErrors },
      },
    },
    async (request) => service.rename(userOf(request), request.params.id, request.body.name),
  );

  app.delete(
    onePasskey,
    {
      preValidation: [requireUser, requireRecentAuthentication],
      schema: {
        tags,
        summary:
          "Remove one of the signed-in user's passkeys (after a recent re-authentication): it can no longer sign in",
        params: PasskeyParamsSchema,
        response: { 200: EmptyResponseSchema, 404: ErrorBodySchema, ...signedInErrors },
      },
    },
    async (request) => {
      await service.remove(userOf(request), request.params.id);
      return {};
    },
  );

  app.post(
    apiPathTo.accountsPasskeyLoginOptions(),
    {
      config: perIp,
      schema: {
        tags,
        summary: 'Start signing in with a passkey: a single-use challenge for the browser',
        response: { 200: PasskeyLoginOptionsSchema, ...errors },
      },
    },
    async () => service.loginOptions(),
  );

  app.post(
    apiPaths.accountsPasskeyLogin,
    {
      config: perIp,
      schema: {
        tags,
        summary: 'Sign in with a passkey: its signature of the challenge, for new tokens',
        body: PasskeyLoginRequestSchema,
        response: { 200: TokenResponseSchema, ...errors },
      },
    },
    async (request) => service.login(request.body, request.headers['user-agent']),
  );
};
