import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Database } from './infra/db/index.js';

/** How long a graceful stop may take before the process exits anyway. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * While the app closes, responses to in-flight requests carry `Connection: close`. Node closes the
 * connections that are idle when the stop begins, but a keep-alive connection whose request is still
 * running would stay open after its response until the keep-alive timeout, holding up the stop.
 */
export function closeConnectionsWhenClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}

/** Responses not yet ended, per app: see `trackUnfinishedResponses`. */
const unfinished = new WeakMap<FastifyInstance, Set<ServerResponse>>();
const PRUNE_ABOVE = 1_000;

/**
 * Fastify's close waits for open connections only. A request whose client went away keeps running
 * (a checkout, then its idempotency answer being recorded in an onSend hook) with no connection
 * left, and closing the database under it would fail its last queries. Its response ends (unsent)
 * once every onSend hook is done, so the stop waits for every response begun to have ended.
 */
export function trackUnfinishedResponses(app: FastifyInstance): void {
  const responses = new Set<ServerResponse>();
  unfinished.set(app, responses);
  app.addHook('onRequest', async (_request, reply) => {
    if (responses.size > PRUNE_ABOVE) {
      for (const response of responses) if (response.writableEnded) responses.delete(response);
    }
    responses.add(reply.raw);
  });
  app.addHook('onResponse', async (_request, reply) => {
    responses.delete(reply.raw);
  });
}

async function responsesEnded(app: FastifyInstance): Promise<void> {
  const responses = unfinished.get(app);
  if (!responses) return;
  // Polled: an abandoned response emits nothing when its handler finally ends it.
  while ([...responses].some((response) => !response.writableEnded)) await sleep(20);
}

/**
 * Graceful stop: Fastify stops accepting connections, answers 503 to requests that still arrive and
 * lets in-flight ones finish, also those whose client went away; only then is the database closed,
 * since those requests may need it. main.ts bounds the whole stop with SHUTDOWN_GRACE_MS.
 */
export async function shutdown({
  app,
  database,
}: {
  app: FastifyInstance;
  database: Database;
}): Promise<void> {
  try {
    await app.close();
    await responsesEnded(app);
  } finally {
    await database.close();
  }
}
