import { join } from 'node:path';
import type { AppConfig } from '../../config.js';
import type { FileStorage } from './file-storage.js';
import { LocalDiskStorage } from './local-disk.js';

export { assertStorageKey, InvalidStorageKeyError, type FileStorage } from './file-storage.js';
export { LocalDiskStorage } from './local-disk.js';

/** The file storage the configuration selects: for now the local disk under DATA_DIR/files. */
export function createFileStorage(config: Pick<AppConfig, 'dataDir'>): FileStorage {
  return new LocalDiskStorage(join(config.dataDir, 'files'));
}
