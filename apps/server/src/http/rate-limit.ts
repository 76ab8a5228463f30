import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { setTimeout as delay } from 'node:timers/promises';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config.js';
import { isApiUrl } from './api-url.js';
import { redisStoreWithFallback } from './rate-limit-store.js';
import type { InternalRequests } from './internal-requests.js';

export const RATE_LIMIT_WINDOW = '1 minute';

/**
 * Route config for a tighter limit (login, register, password reset, tickets, generation:
 * docs/product/accounts.md#rate-limits): `app.post(path, { config: routeRateLimit(10) }, handler)`.
 * Such a route is counted on its own, per client IP, instead of in the global /api budget.
 */
export function routeRateLimit(
  max: number,
  timeWindow: string = RATE_LIMIT_WINDOW,
): { rateLimit: RateLimitOptions } {
  return { rateLimit: { max, timeWindow } };
}

/**
 * RATE_LIMIT_MAX requests per minute per client IP across /api. Counters live in memory, or in Redis
 * when REDIS_URL is set so that several API processes share them. The 429 body comes from the error
 * handler. Pages and static files are not limited: one page view loads many of them.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  config: Pick<AppConfig, 'rateLimitMax' | 'redisUrl'>,
  internal?: Pick<InternalRequests, 'isInternal'>,
): Promise<void> {
  const redis = config.redisUrl
    ? // Fail fast rather than queue commands while Redis is away: the store then counts in memory.
      new Redis(config.redisUrl, {
        connectTimeout: 1_000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
      })
    : undefined;
  if (redis) {
    redis.on('error', (err: Error) => app.log.warn({ err }, 'rate-limit store (Redis) error'));
    // The first requests should find it connected; an unreachable Redis delays the start by 1 s.
    await Promise.race([
      new Promise((resolve) => redis.once('ready', resolve)),
      delay(1_000, undefined, { ref: false }),
    ]);
    app.addHook('onClose', async () => {
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    });
  }

  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: RATE_LIMIT_WINDOW,
    // An unreachable Redis neither takes the shop down nor lifts the limits: each process counts in
    // its own memory until Redis answers again (logged at most once a minute).
    ...(redis
      ? { store: redisStoreWithFallback(redis, 'pictura-rate-limit-', warnOncePerMinute(app)) }
      : {}),
    skipOnError: false,
    // A server render's own API calls are part of the page view that was let through.
    allowList: (request) => !isApiUrl(request.url) || internal?.isInternal(request) === true,
  });
}

function warnOncePerMinute(app: FastifyInstance): (err: Error) => void {
  let lastWarning = 0;
  return (err) => {
    const now = Date.now();
    if (now - lastWarning < 60_000) return;
    lastWarning = now;
    app.log.warn({ err }, 'rate-limit store (Redis) unreachable: counting in this process');
  };
}
