// The back office's base: the guarded /api/admin scope, the audit log and the guard.
export { listAudit, recordAudit, type AuditRecord } from './audit.js';
export { adminOf, requireAdminWith } from './guard.js';
export { adminModule } from './module.js';
export { auditLog } from './schema.js';
export { registerAdminArea } from './scope.js';
