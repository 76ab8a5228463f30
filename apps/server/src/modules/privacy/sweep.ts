import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../infra/db/index.js';
import type { FileStorage } from '../../infra/storage/index.js';
import { deleteExpiredAccountEvents } from '../accounts/index.js';
import { removeExpiredExportFiles } from './export-expiry.js';
import { eraseRecordsPastRetention } from './retention.js';

/** How often the worker looks for expired export files, records and account events. */
export const PRIVACY_SWEEP_INTERVAL_MS = 60 * 60_000;

export interface PrivacySweepDeps {
  readonly db: Db;
  readonly storage: FileStorage;
  readonly log: FastifyBaseLogger;
  readonly recordRetentionYears: number;
}

/**
 * One run: expired export files go, kept records past their retention are erased, and account
 * events older than their period are deleted.
 */
export async function runPrivacySweep(deps: PrivacySweepDeps, now: Date = new Date()) {
  const files = await removeExpiredExportFiles(deps.db, deps.storage, now);
  const records = await eraseRecordsPastRetention(deps.db, deps.recordRetentionYears, now);
  const events = await deleteExpiredAccountEvents(deps.db, now);
  if (files > 0) deps.log.info({ count: files }, 'expired data export files removed');
  if (events > 0) deps.log.info({ count: events }, 'account events past their period deleted');
  if (records.receipts + records.orders > 0) {
    deps.log.info(records, 'records past their retention period erased');
  }
}

/**
 * Runs the sweep at start and then every `intervalMs` in each worker process. Both steps are
 * idempotent, so workers sweeping at once only repeat each other's work. Answers the stop function.
 */
export function startPrivacySweep(
  deps: PrivacySweepDeps,
  intervalMs: number = PRIVACY_SWEEP_INTERVAL_MS,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= runPrivacySweep(deps)
      .catch((err: unknown) => deps.log.error({ err }, 'privacy sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
