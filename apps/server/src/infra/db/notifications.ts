import pg from 'pg';
import type { Database } from './database.js';

interface ErrorLogger {
  error(details: object, message: string): void;
}

export interface Subscription {
  /** Stops listening; calling it again does nothing. */
  close(): Promise<void>;
}

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 15_000;

/**
 * Calls `onNotice` for every NOTIFY on `channel`, from any process. On PostgreSQL a connection of
 * its own listens (a pooled one would be handed to other queries); when it is lost, notices may be
 * missed meanwhile, so `onNotice` is also called on losing it and on listening again, and it
 * reconnects with a growing pause. PGlite delivers its own notices in-process.
 */
export async function subscribe(
  database: Database,
  channel: string,
  onNotice: () => void,
  logger?: ErrorLogger,
): Promise<Subscription> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`unsafe channel name: ${channel}`);
  if (database.kind === 'pglite') {
    const unlisten = await database.client.listen(channel, onNotice);
    let closed = false;
    return {
      close: async () => {
        if (closed) return;
        closed = true;
        // Closing the database first already stopped every listener.
        if (!database.client.closed) await unlisten();
      },
    };
  }
  return listenOnPostgres(database.client.options, channel, onNotice, logger);
}

async function listenOnPostgres(
  options: pg.PoolConfig,
  channel: string,
  onNotice: () => void,
  logger: ErrorLogger | undefined,
): Promise<Subscription> {
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = RETRY_FIRST_MS;
  let closed = false;

  const connect = async (): Promise<void> => {
    const next = new pg.Client(options);
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (client === next) client = undefined;
      void next.end().catch(() => {});
      if (closed) return;
      logger?.error({ err }, `lost the PostgreSQL connection listening on ${channel}`);
      onNotice();
      retryTimer = setTimeout(retry, retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (message) => {
      if (message.channel === channel) onNotice();
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
    retryMs = RETRY_FIRST_MS;
    onNotice();
  };
  const retry = () => {
    retryTimer = undefined;
    connect().catch(() => {
      // The client's own 'error'/'end' handler scheduled the next try; a refused connect emits
      // neither, so schedule it here when nothing else did.
      if (!closed && retryTimer === undefined && client === undefined) {
        retryTimer = setTimeout(retry, retryMs);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      }
    });
  };

  await connect();
  return {
    close: async () => {
      if (closed) return;
      closed = true;
      clearTimeout(retryTimer);
      await client?.end().catch(() => {});
    },
  };
}
