import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { apiPathTo, PRIVACY_MESSAGES, type DataExport } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import type { JobQueue } from '../../infra/queue/index.js';
import type { FileStorage } from '../../infra/storage/index.js';
import { AppError } from '../../lib/index.js';
import { recordAccountEvent } from '../accounts/index.js';
import { DATA_EXPORT_QUEUE, type DataExportJobData } from './export-job.js';
import { dataExports, type DataExportRow } from './schema.js';

export interface ExportServiceDeps {
  readonly db: Db;
  readonly storage: FileStorage;
  readonly queue: JobQueue;
}

// A few tries: an export fails for a reason that lasts (a broken file) more often than a passing one.
const EXPORT_ATTEMPTS = { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 15 * 60 };

/** The ZIP of a ready export. */
export interface ExportFile {
  fileName: string;
  bytes: Buffer;
}

export function createExportService(deps: ExportServiceDeps) {
  const { db, storage, queue } = deps;

  const toDataExport = (row: DataExportRow, now: Date): DataExport => {
    const expired = row.status === 'ready' && row.expiresAt !== null && row.expiresAt <= now;
    return {
      id: row.id,
      status: expired ? 'expired' : row.status,
      progress: row.progress,
      requestedAt: row.requestedAt.toISOString(),
      readyAt: row.readyAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      downloadUrl:
        row.status === 'ready' && !expired ? apiPathTo.privacyExportDownload(row.id) : null,
    };
  };

  async function latestRow(userId: string): Promise<DataExportRow | undefined> {
    const [row] = await db
      .select()
      .from(dataExports)
      .where(eq(dataExports.userId, userId))
      .orderBy(desc(dataExports.requestedAt))
      .limit(1);
    return row;
  }

  /** Removes the files of the user's earlier exports: only the newest one is kept. */
  async function removeEarlierFiles(userId: string, keepId: string): Promise<void> {
    const rows = await db
      .select({ id: dataExports.id, storageKey: dataExports.storageKey })
      .from(dataExports)
      .where(and(eq(dataExports.userId, userId), isNotNull(dataExports.storageKey)));
    for (const row of rows) {
      if (row.id === keepId || row.storageKey === null) continue;
      await storage.delete(row.storageKey);
      await db.update(dataExports).set({ storageKey: null }).where(eq(dataExports.id, row.id));
    }
  }

  return {
    /**
     * Queues a new export, unless one is still being made (asking twice gives that one). The row
     * and its job are written in one transaction, so neither exists without the other.
     */
    async request(userId: string): Promise<DataExport> {
      const now = new Date();
      const created = await db.transaction(async (tx) => {
        const [pending] = await tx
          .select()
          .from(dataExports)
          .where(
            and(eq(dataExports.userId, userId), inArray(dataExports.status, ['queued', 'running'])),
          )
          .limit(1);
        if (pending) return pending;
        const id = randomUUID();
        const [row] = await tx.insert(dataExports).values({ id, userId }).returning();
        await recordAccountEvent(tx, userId, 'dataExportRequested', now);
        const data: DataExportJobData = { exportId: id };
        await queue.send(DATA_EXPORT_QUEUE, data, { id, ...EXPORT_ATTEMPTS }, tx);
        return row;
      });
      if (!created) throw new Error('the export row was not written');
      setImmediate(() => queue.notify(DATA_EXPORT_QUEUE));
      await removeEarlierFiles(userId, created.id);
      return toDataExport(created, now);
    },

    async latest(userId: string): Promise<DataExport | null> {
      const row = await latestRow(userId);
      return row ? toDataExport(row, new Date()) : null;
    },

    /**
     * The ZIP for its owner's signed-in session (the route checks the session, so a session ended
     * by logging out everywhere or by a password change downloads nothing). Another user's export
     * is a 404 like an unknown one; an expired one says so and its file goes.
     */
    async download(exportId: string, userId: string): Promise<ExportFile> {
      const [row] = await db
        .select()
        .from(dataExports)
        .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, userId)));
      if (!row) throw new AppError('NOT_FOUND');
      const now = new Date();
      if (row.expiresAt !== null && row.expiresAt <= now) {
        if (row.storageKey !== null) {
          await storage.delete(row.storageKey);
          await db.update(dataExports).set({ storageKey: null }).where(eq(dataExports.id, row.id));
        }
        throw AppError.general('GONE', PRIVACY_MESSAGES.exportExpired);
      }
      const bytes =
        row.status === 'ready' && row.storageKey !== null
          ? await storage.get(row.storageKey)
          : undefined;
      if (!bytes) throw AppError.general('CONFLICT', PRIVACY_MESSAGES.exportNotReady);
      const day = (row.readyAt ?? now).toISOString().slice(0, 10);
      return { fileName: `pictura-data-${day}.zip`, bytes };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
