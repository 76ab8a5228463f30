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

/**
 * Graceful stop: Fastify stops accepting connections, answers 503 to requests that still arrive and
 * lets in-flight ones finish; only then is the database closed, since those requests may need it.
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
  } finally {
    await database.close();
  }
}
