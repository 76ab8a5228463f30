import { and, desc, eq, lt } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, type AuditList, type AuditQuery } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { userEmails } from '../accounts/index.js';
import { auditLog } from './schema.js';

export interface AuditRecord {
  actorId: string;
  action: string;
  entity: string;
  entityId: string | number;
  /** The data as it was (null when created) and as it is (null when deleted), as JSON. */
  before: unknown;
  after: unknown;
}

/** Call inside the transaction that makes the change. Never put secrets (codes, hashes) in it. */
export async function recordAudit(tx: Db, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    ...record,
    entityId: String(record.entityId),
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

export async function listAudit(db: Db, query: AuditQuery): Promise<AuditList> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        query.Before === undefined ? undefined : lt(auditLog.id, query.Before),
        query.Entity === undefined ? undefined : eq(auditLog.entity, query.Entity),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const emails = await userEmails(
    db,
    page.map((row) => row.actorId),
  );
  return {
    entries: page.map(({ actorId, ...row }) => ({
      ...row,
      actorEmail: emails.get(actorId) ?? actorId,
      createdAt: row.createdAt.toISOString(),
    })),
    nextBefore: rows.length > AUDIT_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}
