import type { FastifyRequest } from 'fastify';
import { EMAIL_VERIFICATION_MESSAGES } from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import { userOf } from './auth.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the accounts module: whether the user's email address is verified. */
    hasVerifiedEmail(userId: string): Promise<boolean>;
  }
}

/**
 * Route hook after `requireUser` on the calls that move money (deposit, checkout, gift-card
 * redemption, generation): `{ preValidation: [requireUser, requireVerifiedEmail] }`. An unverified
 * address is a 400 with a general message, before the body is judged, so the page can show why.
 */
export async function requireVerifiedEmail(request: FastifyRequest): Promise<void> {
  if (!(await request.server.hasVerifiedEmail(userOf(request).id))) {
    throw AppError.general('VALIDATION', EMAIL_VERIFICATION_MESSAGES.notVerified);
  }
}
