import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPathTo,
  apiPaths,
  EmptyResponseSchema,
  ErrorBodySchema,
  TwoStepConfirmRequestSchema,
  TwoStepDisableRequestSchema,
  TwoStepRecoveryCodesSchema,
  TwoStepSetupResponseSchema,
  TwoStepStatusSchema,
} from '@pictura/contract';
import type { AppConfig } from '../../config.js';
import { routeRateLimit } from '../../http/rate-limit.js';
import { requireUser, userOf } from './auth.js';
import { requireRecentAuthentication } from './sudo.js';
import { requireVerifiedEmail } from './verified-email.js';
import type { TwoStepService } from './totp-service.js';

export interface TwoStepRoutesOptions {
  service: TwoStepService;
  config: Pick<AppConfig, 'authRateLimitIpMax'>;
}

const tags = ['accounts'];
const signedInErrors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema };

/** Two-step sign-in in the account settings: its state, setting it up, and turning it off. */
export const twoStepRoutes: FastifyPluginAsyncZod<TwoStepRoutesOptions> = async (
  app,
  { service, config },
) => {
  // Calls that check a code or a password get the login's budget per IP.
  const perIp = routeRateLimit(config.authRateLimitIpMax);

  app.get(
    apiPaths.accountsTwoStep,
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Whether two-step sign-in is on, and how many recovery codes are left',
        response: { 200: TwoStepStatusSchema, ...signedInErrors },
      },
    },
    async (request) => service.status(userOf(request)),
  );

  // Turning the step on and new recovery codes need a recent re-authentication: a borrowed session
  // must not be able to put the thief's app, or codes only the thief has, on the account.
  app.post(
    apiPathTo.accountsTwoStepSetup(),
    {
      // An unverified address proves nothing: a factor added before it is verified could be a
      // squatter's, waiting for the address's owner (account pre-hijacking).
      preValidation: [requireUser, requireVerifiedEmail, requireRecentAuthentication],
      schema: {
        tags,
        summary: 'A new secret (and its QR code) for an authenticator app; the step is not on yet',
        response: { 200: TwoStepSetupResponseSchema, ...signedInErrors },
      },
    },
    async (request) => service.setup(userOf(request)),
  );

  app.post(
    apiPathTo.accountsTwoStepConfirm(),
    {
      config: perIp,
      preValidation: [requireUser, requireVerifiedEmail],
      schema: {
        tags,
        summary:
          'Turn two-step sign-in on with a code from the app; answers the recovery codes once',
        body: TwoStepConfirmRequestSchema,
        response: { 200: TwoStepRecoveryCodesSchema, ...signedInErrors },
      },
    },
    async (request) => service.confirm(userOf(request), request.body.code),
  );

  app.post(
    apiPathTo.accountsTwoStepRecoveryCodes(),
    {
      config: perIp,
      preValidation: [requireUser, requireRecentAuthentication],
      schema: {
        tags,
        summary: 'New recovery codes, shown once; the old ones stop working',
        response: { 200: TwoStepRecoveryCodesSchema, ...signedInErrors },
      },
    },
    async (request) => service.renewRecoveryCodes(userOf(request)),
  );

  app.post(
    apiPathTo.accountsTwoStepDisable(),
    {
      config: perIp,
      preValidation: requireUser,
      preHandler: app.limitPasswordChecks,
      schema: {
        tags,
        summary: 'Turn two-step sign-in off with the password and a code',
        body: TwoStepDisableRequestSchema,
        response: { 200: EmptyResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      await service.disable(userOf(request), request.body);
      return {};
    },
  );
};
