import { and, isNotNull, lte, eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';
import type { FileStorage } from '../../infra/storage/index.js';
import { dataExports } from './schema.js';

/**
 * Removes the ZIP of every export whose link has expired (its row stays, so the owner's page still
 * says it expired). Answers how many files went. A file already gone counts as removed; one that
 * cannot be removed stays listed for the next run.
 */
export async function removeExpiredExportFiles(
  db: Db,
  storage: FileStorage,
  now: Date = new Date(),
): Promise<number> {
  const expired = await db
    .select({ id: dataExports.id, storageKey: dataExports.storageKey })
    .from(dataExports)
    .where(and(isNotNull(dataExports.storageKey), lte(dataExports.expiresAt, now)));
  for (const row of expired) {
    if (row.storageKey === null) continue;
    await storage.delete(row.storageKey);
    await db.update(dataExports).set({ storageKey: null }).where(eq(dataExports.id, row.id));
  }
  return expired.length;
}
