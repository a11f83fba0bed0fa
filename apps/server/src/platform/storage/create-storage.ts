import { createDiskStorage } from './disk-storage';
import { createS3Storage, type S3Options } from './s3-storage';
import type { Storage } from './storage';

/** The S3-compatible bucket when configured, otherwise the local disk. */
export function createStorage(options: { dir: string; s3: S3Options | undefined }): Storage {
  return options.s3 ? createS3Storage(options.s3) : createDiskStorage({ root: options.dir });
}
