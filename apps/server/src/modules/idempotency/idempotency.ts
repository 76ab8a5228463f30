import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import { AppError } from '../../http/app-error.js';
import type { Db } from '../../infra/db/index.js';
import { userOf } from '../accounts/index.js';
import { idempotencyKeys } from './schema.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Keys are kept this long (as Stripe does); a retry after that is a new request. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;
/** A first request that never recorded an answer (its process died) frees its key after this. */
export const IDEMPOTENCY_ABANDONED_MS = 5 * 60_000;

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey?: string;
  }
}

// The path as sent, ids included: one key reused for another order is another request (409).
const fingerprintOf = (request: FastifyRequest): string =>
  `${request.method} ${request.url.toLowerCase()} ${createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('hex')}`;

/**
 * Route hooks for a signed-in POST that moves money: `{ preHandler: idempotency.preHandler,
 * onSend: idempotency.onSend }` after `requireUser`. Without the header the request runs as usual.
 * With it, the first request runs and its answer (below 500) is kept; a retry with the same key
 * gets that answer and runs nothing; a retry while the first still runs gets 409; the same key
 * with a different request is a 409 too. A 5xx frees the key, so the retry really retries.
 */
export function createIdempotency(db: Db) {
  const preHandler: preHandlerHookHandler = async (request, reply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
      throw new AppError('VALIDATION', {
        '': 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
      });
    }
    const userId = userOf(request).id;
    const fingerprint = fingerprintOf(request);
    const now = Date.now();
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.userId, userId),
          eq(idempotencyKeys.key, header),
          lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_KEY_TTL_MS)),
        ),
      );
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.userId, userId),
          eq(idempotencyKeys.key, header),
          isNull(idempotencyKeys.status),
          lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_ABANDONED_MS)),
        ),
      );
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ userId, key: header, fingerprint })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed) {
      request.idempotencyKey = header;
      return;
    }
    const [first] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, header)));
    if (!first || first.fingerprint !== fingerprint) {
      throw new AppError('CONFLICT', {
        '': 'This Idempotency-Key was used for a different request.',
      });
    }
    if (first.status === null) {
      throw new AppError('CONFLICT', {
        '': 'A request with this Idempotency-Key is still being processed.',
      });
    }
    return reply
      .code(first.status)
      .header('idempotent-replayed', 'true')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(first.body));
  };

  const onSend: onSendHookHandler = async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (key === undefined) return payload;
    request.idempotencyKey = undefined;
    const where = and(eq(idempotencyKeys.userId, userOf(request).id), eq(idempotencyKeys.key, key));
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await db.delete(idempotencyKeys).where(where);
    } else {
      await db
        .update(idempotencyKeys)
        .set({ status: reply.statusCode, body: JSON.parse(payload) as unknown })
        .where(where);
    }
    return payload;
  };

  return { preHandler, onSend };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
