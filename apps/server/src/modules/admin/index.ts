// The back office's base: the guarded /api/admin scope, the audit log and the guard.
export { recordAudit } from './audit.js';
export { adminOf, requireAdminWith } from './guard.js';
export { adminModule } from './module.js';
export { registerAdminArea } from './scope.js';
