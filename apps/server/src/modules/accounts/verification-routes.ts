import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  ChangeEmailRequestSchema,
  EmptyResponseSchema,
  ErrorBodySchema,
  ProfileResponseSchema,
  UndoEmailChangeRequestSchema,
  UndoEmailChangeResponseSchema,
  VerifyEmailRequestSchema,
  VerifyEmailResponseSchema,
} from '@pictura/contract';
import type { AppConfig } from '../../config.js';
import { routeRateLimit } from '../../http/rate-limit.js';
import type { Db } from '../../infra/db/index.js';
import { requireUser, userOf } from './auth.js';
import { undoEmailChange } from './email-change-undo.js';
import type { EmailVerificationService } from './email-verification-service.js';
import { userRateLimit } from './user-rate-limits.js';
import { hasVerifiedEmail } from './verification-links.js';

/**
 * New links per user, asked for again or for a new address: a few for a lost or slow mail, not a way
 * to flood someone's inbox (or anyone else's).
 */
export const RESEND_VERIFICATION_MAX = 3;
export const RESEND_VERIFICATION_WINDOW = '15 minutes';

export interface VerificationRoutesOptions {
  service: EmailVerificationService;
  db: Db;
  config: Pick<AppConfig, 'authRateLimitIpMax'>;
}

const tags = ['accounts'];
const errors = { 400: ErrorBodySchema, 429: ErrorBodySchema };
const signedInErrors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema };

/**
 * Verifying an address, asking for a new link and changing the address; and `hasVerifiedEmail`,
 * which `requireVerifiedEmail` uses on other modules' routes (hence not encapsulated).
 */
const verificationRoutes: FastifyPluginAsyncZod<VerificationRoutesOptions> = async (
  app,
  { service, db, config },
) => {
  app.decorate('hasVerifiedEmail', (userId: string) => hasVerifiedEmail(db, userId));
  const perIp = routeRateLimit(config.authRateLimitIpMax);
  // Counted per user in the shared store (Redis when REDIS_URL is set), so every API process
  // counts the same requests.
  const limitNewLinks = userRateLimit(
    app,
    'resend-verification',
    RESEND_VERIFICATION_MAX,
    RESEND_VERIFICATION_WINDOW,
  );

  app.post(
    apiPaths.accountsVerifyEmail,
    {
      config: perIp,
      schema: {
        tags,
        summary: 'Verify an email address with the mailed link (works once, for 24 hours)',
        body: VerifyEmailRequestSchema,
        response: { 200: VerifyEmailResponseSchema, ...errors },
      },
    },
    async (request) => service.verify(request.body),
  );

  app.post(
    apiPaths.accountsUndoEmailChange,
    {
      config: perIp,
      schema: {
        tags,
        summary:
          'Put the old address back with the link mailed to it after a change (7 days); every session ends and the password must be reset',
        body: UndoEmailChangeRequestSchema,
        response: { 200: UndoEmailChangeResponseSchema, ...errors },
      },
    },
    async (request) => undoEmailChange(db, request.body),
  );

  app.post(
    apiPaths.accountsResendVerification,
    {
      config: perIp,
      preValidation: requireUser,
      preHandler: limitNewLinks,
      schema: {
        tags,
        summary: 'Mail a new verification link (the earlier one stops working)',
        response: { 200: EmptyResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      await service.resend(userOf(request));
      return {};
    },
  );

  app.post(
    apiPaths.accountsChangeEmail,
    {
      config: perIp,
      preValidation: requireUser,
      // The password is checked, and a link is mailed to the address given.
      preHandler: [app.limitPasswordChecks, limitNewLinks],
      schema: {
        tags,
        summary: 'Change the email address: the new one takes over once its mailed link is opened',
        body: ChangeEmailRequestSchema,
        response: { 200: ProfileResponseSchema, ...signedInErrors },
      },
    },
    async (request) => service.changeEmail(userOf(request), request.body),
  );
};

export const emailVerificationRoutes = fp(verificationRoutes, { name: 'email-verification' });
