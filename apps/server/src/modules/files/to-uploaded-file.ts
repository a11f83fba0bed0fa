import { FILES_PATH_PREFIX, type UploadedFile } from '@agentry/core/files';
import type { storedFile } from './files.tables';

export function toUploadedFile(row: typeof storedFile.$inferSelect): UploadedFile {
  return {
    id: row.id,
    url: `${FILES_PATH_PREFIX}${row.id}`,
    name: row.name,
    contentType: row.contentType,
    size: row.size,
    purpose: row.purpose,
    createdAt: row.createdAt.toISOString(),
  };
}
