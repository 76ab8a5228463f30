/**
 * A backup or restore that cannot go on, with a message for the operator (no stack: it is not a
 * bug). The commands print it and exit with 1; the target of a restore is left as it was.
 */
export class BackupRefused extends Error {
  override name = 'BackupRefused';
}
