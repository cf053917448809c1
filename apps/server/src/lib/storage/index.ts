import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../config.ts';
import type { StorageDriver } from './driver.ts';
import { LocalDiskStorage } from './local-disk.ts';

export type { StorageDriver } from './driver.ts';

/**
 * The configured store: `DATA_DIR/files` by default, or a `file://` directory in FILE_STORAGE_URL. Any other
 * scheme (s3://, https://…) is refused at start rather than silently writing children's photos to local disk
 * when the operator expected a bucket: an S3-compatible store needs a driver (docs/decisions/005).
 */
export function createStorage(config: Pick<Config, 'dataDir' | 'fileStorageUrl'>): StorageDriver {
  const url = config.fileStorageUrl;
  if (!url) return new LocalDiskStorage(path.join(config.dataDir, 'files'));
  if (url.startsWith('file://')) return new LocalDiskStorage(fileURLToPath(url));
  throw new Error(
    `FILE_STORAGE_URL ${new URL(url).protocol}// is not supported by this build: only file:// directories are. ` +
      'Unset it to store files under DATA_DIR/files; an S3-compatible store needs a storage driver (see docs/decisions/005-profile-pictures.md).',
  );
}
