import { eq } from 'drizzle-orm';
import { FILES_PATH_PREFIX, fileKindInfo, isFileId } from '@agentry/core/files';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { storedFile } from './files.tables';

const imageContentTypes = new Set(
  Object.values(fileKindInfo)
    .filter((kind) => kind.isImage)
    .map((kind) => kind.contentType),
);

/**
 * An uploaded file's path (`/files/<id>`) given as a picture (a logo, an image) must name a
 * picture upload: one that exists, is an image, and is public like every picture (an attachment
 * is served to its owner only, so everyone else would see a broken image). 400 with `message`
 * otherwise. Paths that are not uploads (built-in images) are left to the caller's own check.
 */
export async function assertPicturePathOrThrow(options: {
  db: Database;
  path: string;
  message: string;
}): Promise<void> {
  if (!options.path.startsWith(FILES_PATH_PREFIX)) return;
  const id = options.path.slice(FILES_PATH_PREFIX.length);
  const [file] = isFileId(id)
    ? await options.db
        .select({ purpose: storedFile.purpose, contentType: storedFile.contentType })
        .from(storedFile)
        .where(eq(storedFile.id, id))
        .limit(1)
    : [];
  if (!file || file.purpose === 'attachment' || !imageContentTypes.has(file.contentType))
    throw new AppError('VALIDATION_ERROR', { message: options.message });
}
