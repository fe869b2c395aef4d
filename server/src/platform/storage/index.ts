import type { DataSource } from 'typeorm';
import type { Clock } from '../../kernel/clock';
import type { Config, UploadStorageDriver } from '../../kernel/config';
import type { BlobStore } from './blob-store';
import { DiskBlobStore } from './disk-store';
import { PostgresBlobStore } from './postgres-store';
import { S3BlobStore } from './s3-store';

export { type BlobStore, STORAGE_UNAVAILABLE_MESSAGE, StorageUnavailableError, readAll } from './blob-store';
export { bytesText } from './disk-store';
export { moveUploads } from './move-uploads';

/** The settings a store is made from. */
export type StorageConfig = Pick<Config, 'uploadDir' | 'uploadMaxBytes' | 's3'>;

/** The store of `driver` (UPLOAD_STORAGE by default); `s3` needs the S3_* settings. */
export function createBlobStore(
  config: StorageConfig,
  ds: DataSource,
  clock: Clock,
  driver: UploadStorageDriver,
): BlobStore {
  switch (driver) {
    case 'postgres':
      return new PostgresBlobStore(ds, clock);
    case 'disk':
      return new DiskBlobStore(config.uploadDir, config.uploadMaxBytes, ds);
    case 's3':
      if (!config.s3) throw new Error('UPLOAD_STORAGE=s3 needs S3_BUCKET');
      return new S3BlobStore(config.s3);
  }
}
