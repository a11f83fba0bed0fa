import { eq } from 'drizzle-orm';
import { isFileId } from '@agentry/core/files';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { Storage, StoredObject } from '../../platform/storage/storage';
import { storedFile } from './files.tables';

/**
 * A file to serve. Pictures (project images, avatars, profile pictures) are public by their
 * unguessable id, as they appear on public pages; attachments only to their owner. A file of
 * someone else's looks exactly like a missing one (404).
 */
export async function openStoredFileOrThrow(options: {
  db: Database;
  storage: Storage;
  fileId: string;
  viewerUserId: string | null;
}): Promise<{ file: typeof storedFile.$inferSelect; object: StoredObject }> {
  if (!isFileId(options.fileId)) throw new AppError('NOT_FOUND', { message: 'File not found' });
  const [file] = await options.db.select().from(storedFile).where(eq(storedFile.id, options.fileId)).limit(1);
  if (!file || (file.purpose === 'attachment' && file.ownerUserId !== options.viewerUserId))
    throw new AppError('NOT_FOUND', { message: 'File not found' });
  const object = await options.storage.get(file.storageKey);
  if (!object) throw new AppError('NOT_FOUND', { message: 'File not found' });
  return { file, object };
}
