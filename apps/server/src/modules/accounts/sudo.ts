import type { FastifyRequest } from 'fastify';
import {
  REAUTHENTICATION_ERROR_KEY,
  REAUTHENTICATION_MESSAGES,
  REAUTHENTICATION_WINDOW_MINUTES,
} from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import { userOf } from './auth.js';
import type { SessionStrength } from './sign-in-methods.js';

export const REAUTHENTICATION_WINDOW_MS = REAUTHENTICATION_WINDOW_MINUTES * 60 * 1000;

/**
 * Whether the session re-authenticated (password, code or passkey, through
 * `POST /api/accounts/reauthenticate`) within the last 10 minutes. Signing in does not count: a
 * session left open, borrowed or stolen must prove it is its owner again before a sensitive change.
 */
export const isRecentlyReauthenticated = (session: SessionStrength, now: Date): boolean =>
  session.reauthenticatedAt !== null &&
  now.getTime() - session.reauthenticatedAt.getTime() < REAUTHENTICATION_WINDOW_MS;

/**
 * Route hook for sensitive changes, after `requireUser` and before the body is judged:
 * `{ preValidation: [requireUser, requireRecentAuthentication] }`. Without a fresh proof the answer
 * is a 400 on the `reauthenticate` key, which the web app answers with its re-authentication dialog.
 */
export async function requireRecentAuthentication(request: FastifyRequest): Promise<void> {
  if (!isRecentlyReauthenticated(userOf(request).session, new Date())) {
    throw new AppError('VALIDATION', {
      [REAUTHENTICATION_ERROR_KEY]: REAUTHENTICATION_MESSAGES.required,
    });
  }
}
