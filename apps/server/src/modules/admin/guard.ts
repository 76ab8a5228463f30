import type { FastifyRequest } from 'fastify';
import { TWO_STEP_MESSAGES } from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import type { Db } from '../../infra/db/index.js';
import {
  hasSecondFactor,
  isMultiFactor,
  requireUser,
  userOf,
  userRole,
} from '../accounts/index.js';

/**
 * The admin scope's hook: a visitor (no or a bad token) gets 401, a signed-in customer 403, and so
 * does an admin without a second factor (with a message that leads to setting one up) and an admin
 * whose session did not sign in with two factors (the password alone: opened before the factor was
 * added, or a password-only session however it came to be), with a message to sign in again. The
 * role and the factors are read from the database on every call, so taking them away takes effect at
 * once.
 */
export function requireAdminWith(db: Db) {
  return async (request: FastifyRequest): Promise<void> => {
    await requireUser(request);
    const { id, session } = userOf(request);
    if ((await userRole(db, id)) !== 'admin') throw new AppError('FORBIDDEN');
    if (!(await hasSecondFactor(db, id))) {
      throw AppError.general('FORBIDDEN', TWO_STEP_MESSAGES.secondFactorRequired);
    }
    if (!isMultiFactor(session.signInMethod)) {
      throw AppError.general('FORBIDDEN', TWO_STEP_MESSAGES.signInWithSecondFactor);
    }
  };
}

/** The admin of a request inside the admin scope. */
export const adminOf = (request: FastifyRequest): { id: string } => userOf(request);
