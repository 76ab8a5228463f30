import { z } from 'zod';

/** One change made in the back office: who, what, when, and the data before and after it. */
export const AuditEntrySchema = z.object({
  id: z.number().int().positive(),
  actorEmail: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AUDIT_PAGE_SIZE = 50;

/** GET /api/admin/audit?Before={id}&Entity=offer: newest first. */
export const AuditQuerySchema = z.object({
  Before: z.coerce.number().int().positive().optional(),
  Entity: z.string().trim().min(1).max(64).optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditListSchema = z.object({
  entries: z.array(AuditEntrySchema),
  nextBefore: z.number().int().positive().nullable(),
});
export type AuditList = z.infer<typeof AuditListSchema>;
