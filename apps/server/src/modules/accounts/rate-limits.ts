import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/index.js';

/** Attempts per email address are counted over this window (AUTH_RATE_LIMIT_EMAIL_MAX). */
export const EMAIL_RATE_LIMIT_WINDOW = '15 minutes';

const WithEmailSchema = z.object({ email: z.string() });

/**
 * A preHandler that limits attempts per email address, wherever they come from: it stops password
 * guessing and reset-mail floods aimed at one account from many IPs. It runs after
 * validation, so it counts the normalised address; the key holds a hash of it, not the address.
 * (The per-IP limit is the route's own `routeRateLimit`; both apply.)
 */
export function emailRateLimit(app: FastifyInstance, endpoint: string, max: number) {
  const limiter = app.createRateLimit({
    max,
    timeWindow: EMAIL_RATE_LIMIT_WINDOW,
    keyGenerator: (request: FastifyRequest) => {
      const parsed = WithEmailSchema.safeParse(request.body);
      const email = parsed.success ? parsed.data.email : '';
      return `${endpoint}-email-${createHash('sha256').update(email).digest('hex').slice(0, 32)}`;
    },
  });

  return async function limitPerEmail(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw new AppError('TOO_MANY_REQUESTS');
  };
}
