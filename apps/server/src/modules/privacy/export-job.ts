import { and, eq, inArray } from 'drizzle-orm';
import { DATA_EXPORT_LINK_DAYS, paths, type Locale } from '@pictura/contract';
import type { AppConfig } from '../../config.js';
import type { QueueJob } from '../../infra/queue/index.js';
import type { MailOutbox } from '../mail/index.js';
import { users } from '../accounts/index.js';
import { buildExportArchive, type ArchiveDeps } from './export-archive.js';
import { dataExportReadyMail } from './mails.js';
import { dataExports } from './schema.js';

/** The queue of data exports to make; a job's id is its export's id. */
export const DATA_EXPORT_QUEUE = 'data-export';

export interface DataExportJobData {
  readonly exportId: string;
}

export interface ExportJobDeps extends ArchiveDeps {
  readonly outbox: MailOutbox;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const exportStorageKey = (exportId: string): string => `exports/${exportId}.zip`;

/**
 * What the mail links to: account settings, where the signed-in owner downloads the file. The mail
 * carries no link that downloads on its own (a mailbox, a forwarded mail or a browser history would
 * hand the data to whoever reads it).
 */
export const exportPageLink = (config: Pick<AppConfig, 'publicUrl'>) =>
  `${config.publicUrl}${paths.accountSettings}`;

/**
 * Makes one export: marks it running, builds the ZIP (reporting progress on the row, which the
 * owner's page polls), stores it, then marks it ready and queues the mail with its link in one
 * transaction. A failed last attempt marks it failed so the page can offer to ask again.
 */
export function createExportJobHandler(deps: ExportJobDeps) {
  const { db } = deps;
  const setProgress = async (exportId: string, progress: number) => {
    await db
      .update(dataExports)
      .set({ progress })
      .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'running')));
  };

  return async (job: QueueJob<DataExportJobData>): Promise<void> => {
    const { exportId } = job.data;
    const [found] = await db
      .select({ userId: dataExports.userId, email: users.email, locale: users.locale })
      .from(dataExports)
      .innerJoin(users, eq(users.id, dataExports.userId))
      .where(and(eq(dataExports.id, exportId), inArray(dataExports.status, ['queued', 'running'])));
    // Gone with its account, or already made by an earlier attempt.
    if (!found) return;
    try {
      await db
        .update(dataExports)
        .set({ status: 'running', progress: 0 })
        .where(eq(dataExports.id, exportId));
      let last = -1;
      const archive = await buildExportArchive(
        deps,
        { userId: found.userId, email: found.email },
        async (percent) => {
          // One write per whole percent at most.
          if (percent <= last) return;
          last = percent;
          await setProgress(exportId, percent);
        },
      );
      const storageKey = exportStorageKey(exportId);
      await deps.storage.put(storageKey, archive);
      const now = new Date();
      const made = await db.transaction(async (tx) => {
        const [ready] = await tx
          .update(dataExports)
          .set({
            status: 'ready',
            progress: 100,
            storageKey,
            readyAt: now,
            expiresAt: new Date(now.getTime() + DATA_EXPORT_LINK_DAYS * DAY_MS),
          })
          .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'running')))
          .returning({ id: dataExports.id });
        // The account was deleted meanwhile: its export went with it.
        if (!ready) return false;
        await deps.outbox.enqueue(tx, {
          kind: 'dataExportReady',
          to: found.email,
          ...dataExportReadyMail(found.locale satisfies Locale, {
            link: exportPageLink(deps.config),
            days: DATA_EXPORT_LINK_DAYS,
          }),
        });
        return true;
      });
      if (!made) await deps.storage.delete(storageKey);
    } catch (err) {
      // Back to queued, so that the retry picks it up; failed after the last attempt.
      await db
        .update(dataExports)
        .set({ status: job.lastAttempt ? 'failed' : 'queued', progress: 0 })
        .where(eq(dataExports.id, exportId));
      throw err;
    }
  };
}
