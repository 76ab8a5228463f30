import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/** The plugin's store, with the non-counting `read` its own stores have (missing from its types). */
type Store = FastifyRateLimitStore & { read: FastifyRateLimitStore['incr'] };
type Callback = Parameters<Store['incr']>[1];
/** What the plugin passes a store's constructor (its merged options), of which these matter. */
interface StoreParams {
  readonly continueExceeding?: boolean;
  readonly exponentialBackoff?: boolean;
}

// The plugin's own two stores, which its package ships but neither exports nor types.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
) => Store;
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  redis: Redis,
  key: string,
) => Store;

/**
 * A rate-limit store on Redis that counts in the process's memory whenever Redis does not answer,
 * so that a Redis outage (or an attacker who can cause one) never turns the limits off. While it
 * falls back, each API process counts on its own: the limits hold per process instead of across
 * them. `onFallback` is told each time (for the log).
 */
export function redisStoreWithFallback(
  redis: Redis,
  nameSpace: string,
  onFallback: (err: Error) => void,
): FastifyRateLimitStoreCtor {
  const pair = (primary: Store, fallback: Store): Store => {
    const call =
      (method: 'incr' | 'read') =>
      (key: string, callback: Callback, timeWindow: number, max: number): void => {
        const useFallback = (err: Error) => {
          onFallback(err);
          fallback[method](key, callback, timeWindow, max);
        };
        primary[method](
          key,
          (err, result) => (err ? useFallback(err) : callback(null, result)),
          timeWindow,
          max,
        );
      };
    return {
      incr: call('incr'),
      read: call('read'),
      child: (routeOptions) =>
        pair(primary.child(routeOptions) as Store, fallback.child(routeOptions) as Store),
    };
  };

  return class {
    constructor(params: StoreParams) {
      Object.assign(
        this,
        pair(
          new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace),
          new LocalStore(params.continueExceeding, params.exponentialBackoff),
        ),
      );
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
