import { chmod, rm } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { PgliteDatabase } from '../../infra/db/index.js';

/**
 * How `npm run backup` gets a consistent copy of a running shop's PGlite database: PGlite belongs to
 * the server process alone, so the server answers on a Unix socket in DATA_DIR (mode 0600, as private
 * as the database files beside it) with `dumpDataDir()`, which PGlite runs between two queries. The
 * copy holds every transaction committed before that moment and none after; requests arriving
 * meanwhile wait for it (a fraction of a second) and none fails
 * (docs/decisions/operations/README.md).
 */
export const SNAPSHOT_SOCKET = 'backup.sock';
const REQUEST = 'snapshot\n';
/** Longer paths do not fit a Unix socket address on every system. */
const MAX_SOCKET_PATH = 100;

const gzipAsync = promisify(gzip);

interface SnapshotLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface SnapshotService {
  close(): Promise<void>;
}

export const snapshotSocketPath = (dataDir: string): string => join(dataDir, SNAPSHOT_SOCKET);

/** Serves snapshots of `database` to the backup command; none when the path cannot be a socket. */
export async function serveSnapshots(
  database: PgliteDatabase,
  dataDir: string,
  log: SnapshotLogger,
): Promise<SnapshotService | undefined> {
  const path = snapshotSocketPath(dataDir);
  if (path.length > MAX_SOCKET_PATH) {
    log.warn(
      { path },
      'DATA_DIR is too long a path for the backup socket: npm run backup needs the server stopped',
    );
    return undefined;
  }
  // Only a socket left by a process that is gone can be there: two servers never share a PGlite.
  await rm(path, { force: true });
  const server = createServer((socket) => {
    let asked = '';
    socket.on('error', () => undefined); // a backup command that went away
    socket.on('data', (chunk) => {
      asked += chunk.toString('utf8');
      if (asked.length < REQUEST.length) return;
      if (asked !== REQUEST) {
        socket.end(`${JSON.stringify({ ok: false, error: 'unknown request' })}\n`);
        return;
      }
      database.client
        .dumpDataDir('none')
        .then(async (tar) => {
          const bytes = Buffer.from(await tar.arrayBuffer());
          // Compressed outside PGlite's lock, on the thread pool: queries go on meanwhile. In one
          // piece: in small ones, each would wait for a turn of an event loop busy serving the shop.
          return gzipAsync(bytes, { chunkSize: Math.max(bytes.length, 1 << 16) });
        })
        .then((bytes) => {
          log.info({ bytes: bytes.length }, 'database snapshot taken for a backup');
          socket.write(`${JSON.stringify({ ok: true, size: bytes.length })}\n`);
          socket.end(bytes);
        })
        .catch((err: unknown) => {
          log.error({ err }, 'database snapshot for a backup failed');
          socket.end(
            `${JSON.stringify({ ok: false, error: 'the snapshot failed: see the server log' })}\n`,
          );
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(path, 0o600);
  return { close: () => closeServer(server, path) };
}

function closeServer(server: Server, path: string): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
  }).then(() => rm(path, { force: true }));
}

/**
 * A gzipped tar of the running server's database, or undefined when no server answers on the
 * socket (none runs on this DATA_DIR).
 */
export function requestSnapshot(dataDir: string): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const socket = connect(snapshotSocketPath(dataDir));
    const chunks: Buffer[] = [];
    let connected = false;
    socket.on('connect', () => {
      connected = true;
      socket.write(REQUEST);
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === 'ENOENT' || err.code === 'ECONNREFUSED')) resolve(undefined);
      else reject(err);
    });
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(10);
      if (newline < 0)
        return reject(new Error('the server closed the backup socket without an answer'));
      const answer = JSON.parse(all.subarray(0, newline).toString('utf8')) as
        { ok: true; size: number } | { ok: false; error: string };
      if (!answer.ok)
        return reject(new Error(`the server could not take a snapshot: ${answer.error}`));
      const bytes = all.subarray(newline + 1);
      if (bytes.length !== answer.size) return reject(new Error('the snapshot was cut short'));
      resolve(bytes);
    });
  });
}
