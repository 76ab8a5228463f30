import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import { attemptJson, IDEMPOTENCY_MESSAGES } from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import type { Db } from '../../infra/db/index.js';
import { userOf } from '../accounts/index.js';
import { idempotencyKeys } from './schema.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Keys are kept this long (as Stripe does); a retry after that is a new request. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;
/**
 * A first request that never recorded an answer (its process died) frees its key after this.
 * Long, because a route without `record` cannot tell a dead request from a slow one.
 */
export const IDEMPOTENCY_ABANDONED_MS = 5 * 60_000;
/**
 * The same for a route that records what it made: a retry may take the key over sooner, since
 * the first request, if it still runs, can then no longer commit (see `record`).
 */
export const IDEMPOTENCY_RECORDED_LEASE_MS = 10_000;

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The key this request holds, and which claim on it is this request's. */
interface HeldKey {
  key: string;
  claim: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey?: HeldKey;
  }
}

/** The answer a retry gets in place of one its first request never recorded. */
export interface RecoveredAnswer {
  status: number;
  body: unknown;
}

/** Answers a retry whose first request made `resource` but never recorded its answer. */
export type RecoverAnswer = (userId: string, resource: string) => Promise<RecoveredAnswer>;

// The path as sent, ids included: one key reused for another order is another request (409). The
// body without the browser info that changes between retries (the screen turned): the provider's
// risk checks keep the first request's.
const fingerprintOf = (request: Pick<FastifyRequest, 'method' | 'url' | 'body'>): string =>
  `${request.method} ${request.url.toLowerCase()} ${createHash('sha256')
    .update(attemptJson(request.body))
    .digest('hex')}`;

const conflict = (message: string) => new AppError('CONFLICT', { '': message });

function idempotencyHooks(db: Db, leaseMs: number, recover?: RecoverAnswer) {
  const preHandler: preHandlerHookHandler = async (request, reply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
      throw new AppError('VALIDATION', {
        '': IDEMPOTENCY_MESSAGES.malformedKey,
      });
    }
    const userId = userOf(request).id;
    const fingerprint = fingerprintOf(request);
    const now = Date.now();
    const thisKey = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, header));
    await db
      .delete(idempotencyKeys)
      .where(and(thisKey, lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_KEY_TTL_MS))));
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ userId, key: header, fingerprint, claim: randomUUID() })
      .onConflictDoNothing()
      .returning({ claim: idempotencyKeys.claim });
    if (claimed) {
      request.idempotencyKey = { key: header, claim: claimed.claim };
      return;
    }
    const [first] = await db.select().from(idempotencyKeys).where(thisKey);
    if (!first || first.fingerprint !== fingerprint) {
      throw conflict(IDEMPOTENCY_MESSAGES.keyReused);
    }
    if (first.status !== null) {
      return reply
        .code(first.status)
        .header('idempotent-replayed', 'true')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(first.body));
    }
    // Made but not answered: its process died after the commit, or is answering right now.
    if (first.resource !== null && recover) {
      const recovered = await recover(userId, first.resource);
      return reply
        .code(recovered.status)
        .header('idempotent-replayed', 'true')
        .send(recovered.body);
    }
    if (first.resource === null && first.createdAt.getTime() < now - leaseMs) {
      // Taken over only while nothing was made: a first request that is making it holds the
      // row's lock, so this waits for its commit, then finds `resource` set and takes nothing.
      const [taken] = await db
        .update(idempotencyKeys)
        .set({ claim: randomUUID(), createdAt: new Date(now) })
        .where(
          and(
            thisKey,
            eq(idempotencyKeys.claim, first.claim),
            isNull(idempotencyKeys.status),
            isNull(idempotencyKeys.resource),
          ),
        )
        .returning({ claim: idempotencyKeys.claim });
      if (taken) {
        request.idempotencyKey = { key: header, claim: taken.claim };
        return;
      }
    }
    throw conflict(IDEMPOTENCY_MESSAGES.stillProcessing);
  };

  const onSend: onSendHookHandler = async (request, reply, payload) => {
    const held = request.idempotencyKey;
    if (held === undefined) return payload;
    request.idempotencyKey = undefined;
    // Only this request's claim: one that lost the key to a retry must not answer for it.
    const where = and(
      eq(idempotencyKeys.userId, userOf(request).id),
      eq(idempotencyKeys.key, held.key),
      eq(idempotencyKeys.claim, held.claim),
    );
    try {
      const answer = typeof payload === 'string' ? (JSON.parse(payload) as unknown) : undefined;
      // A 409 says "not now" (a payment link being prepared, an order not payable yet): what it
      // refused may be allowed a moment later, so it is not kept as the key's answer either.
      if (reply.statusCode >= 500 || reply.statusCode === 409 || answer === undefined) {
        // A failure frees the key so the retry really runs, unless this request made something
        // (`record`): a second run would make it twice, so its retry answers this first outcome.
        const [freed] = await db
          .delete(idempotencyKeys)
          .where(and(where, isNull(idempotencyKeys.resource)))
          .returning({ key: idempotencyKeys.key });
        // An answer that is not JSON is not kept: the retry is answered by `recover`.
        if (freed || answer === undefined) return payload;
      }
      await db.update(idempotencyKeys).set({ status: reply.statusCode, body: answer }).where(where);
    } catch (err) {
      // The answer still goes out; the key stays claimed and a retry recovers or takes it over.
      request.log.error({ err }, 'could not record the answer to an Idempotency-Key');
    }
    return payload;
  };

  /**
   * Inside the transaction that makes the request's effect: notes what it made (`resource`) on
   * the key, or throws 409 when a retry took the key over meanwhile, so that transaction rolls
   * back and the effect is made once. Without a key it does nothing.
   */
  async function record(request: FastifyRequest, tx: Db, resource: string): Promise<void> {
    const held = request.idempotencyKey;
    if (held === undefined) return;
    const [noted] = await tx
      .update(idempotencyKeys)
      .set({ resource })
      .where(
        and(
          eq(idempotencyKeys.userId, userOf(request).id),
          eq(idempotencyKeys.key, held.key),
          eq(idempotencyKeys.claim, held.claim),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (!noted) throw conflict(IDEMPOTENCY_MESSAGES.takenOver);
  }

  return { preHandler, onSend, record };
}

/**
 * Route hooks for a signed-in POST that moves money: `{ preHandler: idempotency.preHandler,
 * onSend: idempotency.onSend }` after `requireUser`. Without the header the request runs as usual.
 * With it, the first request runs and its answer (below 500) is kept; a retry with the same key
 * gets that answer and runs nothing; a retry while the first still runs gets 409; the same key
 * with a different request is a 409 too. A 5xx frees the key, so the retry really retries.
 */
export function createIdempotency(db: Db) {
  const { preHandler, onSend } = idempotencyHooks(db, IDEMPOTENCY_ABANDONED_MS);
  return { preHandler, onSend };
}

export type Idempotency = ReturnType<typeof createIdempotency>;

/**
 * The same hooks for a route whose effect is made in one transaction that calls `record` with
 * what it made. A process killed at any moment then leaves the key either with nothing made (a
 * retry takes it over after IDEMPOTENCY_RECORDED_LEASE_MS and runs) or with the resource made
 * (a retry gets `recover`'s answer for it, at once): the effect is made at most once per key.
 * A 5xx after `record` keeps the key with that answer, so the retry gets it and makes nothing.
 */
export function createRecordingIdempotency(db: Db, recover: RecoverAnswer) {
  return idempotencyHooks(db, IDEMPOTENCY_RECORDED_LEASE_MS, recover);
}

export type RecordingIdempotency = ReturnType<typeof createRecordingIdempotency>;
