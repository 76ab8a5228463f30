import { join } from 'node:path';
import type { AppConfig } from '../../config.js';
import type { FileStorage } from './file-storage.js';
import { LocalDiskStorage } from './local-disk.js';
import { S3Storage } from './s3.js';

export {
  assertStorageKey,
  InvalidStorageKeyError,
  type ByteRange,
  type FileStorage,
  type StoredFile,
  type WriteOptions,
} from './file-storage.js';
export { LocalDiskStorage } from './local-disk.js';
export { S3Storage } from './s3.js';

/**
 * The file storage the configuration selects: the S3-compatible bucket when S3_BUCKET is set, else
 * the local disk under DATA_DIR/files. A process makes one and hands it to every module.
 */
export function createFileStorage(
  config: Pick<AppConfig, 'dataDir'> & Partial<Pick<AppConfig, 'objectStorage'>>,
): FileStorage {
  return config.objectStorage
    ? new S3Storage(config.objectStorage)
    : new LocalDiskStorage(join(config.dataDir, 'files'));
}
