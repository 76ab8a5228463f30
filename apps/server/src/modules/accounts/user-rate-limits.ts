import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/index.js';
import { userOf } from './auth.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Set by the accounts module: a preHandler (after `requireUser`) for every call that checks the
     * signed-in user's password again. One counter per account is shared by all of them, whatever
     * the IP: a stolen session cannot use them as a password oracle.
     */
    limitPasswordChecks(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** Password checks per account: what login allows per email address. */
export const PASSWORD_CHECK_MAX = 10;
export const PASSWORD_CHECK_WINDOW = '15 minutes';

/**
 * A preHandler that allows `max` requests per signed-in user per `timeWindow`, counted in the shared
 * rate-limit store (Redis when REDIS_URL is set, else or while it is away, this process's memory)
 * under `name`: routes given the same limiter share one count. Runs after `requireUser`.
 */
export function userRateLimit(
  app: FastifyInstance,
  name: string,
  max: number,
  timeWindow: string,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const limiter = app.createRateLimit({
    max,
    timeWindow,
    keyGenerator: (request) => `${name}-user-${userOf(request).id}`,
  });
  return async (request, reply) => {
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw new AppError('TOO_MANY_REQUESTS');
  };
}

export function decoratePasswordCheckLimit(app: FastifyInstance): void {
  app.decorate(
    'limitPasswordChecks',
    userRateLimit(app, 'password-check', PASSWORD_CHECK_MAX, PASSWORD_CHECK_WINDOW),
  );
}
