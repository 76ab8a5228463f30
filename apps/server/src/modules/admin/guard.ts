import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/index.js';
import type { Db } from '../../infra/db/index.js';
import { requireUser, userOf, userRole } from '../accounts/index.js';

/**
 * The admin scope's hook: a visitor (no or a bad token) gets 401, a signed-in customer 403. The role
 * is read from the database on every call, so taking it away takes effect at once.
 */
export function requireAdminWith(db: Db) {
  return async (request: FastifyRequest): Promise<void> => {
    await requireUser(request);
    if ((await userRole(db, userOf(request).id)) !== 'admin') throw new AppError('FORBIDDEN');
  };
}

/** The admin of a request inside the admin scope. */
export const adminOf = (request: FastifyRequest): { id: string } => userOf(request);
