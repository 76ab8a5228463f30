import type { FastifyRequest } from 'fastify';
import { unauthorized, type AuthenticatedUser } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the accounts module: the user of a request's `Authorization` header, or a 401. */
    authenticateUser(authorization: string | undefined): Promise<AuthenticatedUser>;
  }
  interface FastifyRequest {
    /** Set by `requireUser`; null on routes that do not require a signed-in user. */
    user: AuthenticatedUser | null;
  }
}

/**
 * Route hook for signed-in-only routes: `{ preValidation: requireUser }` (or `onRequest`,
 * `preHandler`). It accepts a `Bearer` access token that is valid, unexpired and whose session has
 * not ended, and sets `request.user`; anything else is a 401 with the error body, which makes the web
 * client refresh its tokens. preValidation answers 401 before a body is judged, after rate limiting.
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  request.user = await request.server.authenticateUser(request.headers.authorization);
}

/** The signed-in user of a route guarded by `requireUser`; a 401 if the route forgot the guard. */
export function userOf(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
