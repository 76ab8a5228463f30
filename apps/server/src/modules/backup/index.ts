// Backup and restore of a whole shop (docs/operations/backup-and-metrics.md).
export { BackupRefused } from './archive-errors.js';
export { readPassphraseFile } from './archive-crypto.js';
export { backUp, type BackupSummary, type Progress } from './backup.js';
export { restore } from './restore.js';
export { serveSnapshots, type SnapshotService } from './snapshot-socket.js';
export type { Manifest } from './manifest.js';
export type { Queryable } from './database-stats.js';
