import type { AuditList, AuditQuery } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { listAudit } from './audit.js';

export interface AdminDeps {
  readonly db: Db;
}

/**
 * The back office's own area: the audit log, which the other modules write in the transactions of
 * their changes (`recordAudit`) and this one lists.
 */
export function createAdminService({ db }: AdminDeps) {
  return {
    listAudit(query: AuditQuery): Promise<AuditList> {
      return listAudit(db, query);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
