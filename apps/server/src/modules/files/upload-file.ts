import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { checkFile, type FilePurpose, type UploadedFile } from '@agentry/core/files';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { Storage } from '../../platform/storage/storage';
import { storedFile } from './files.tables';
import { toUploadedFile } from './to-uploaded-file';

/**
 * docs/product/evaluation.md#files-shared-upload-rules on the uploaded bytes (type by content and by name), then storage under a
 * key the server makes up. The record is written after the bytes; if it fails, the bytes go.
 */
export async function uploadFile(options: {
  db: Database;
  storage: Storage;
  userId: string;
  name: string | null;
  bytes: Uint8Array;
  purpose: FilePurpose;
  /** What the user's files may take up in all. */
  quotaBytes: number;
}): Promise<UploadedFile> {
  const { db, storage, bytes, purpose } = options;
  const check = checkFile({ name: options.name, size: bytes.byteLength, bytes, purpose });
  if (!check.isValid) throw new AppError(check.code);
  // Files are kept (nothing collects them yet), so each user has a ceiling. Checked before the
  // bytes are stored; uploads in flight at once (two per user) can pass it by one file at most.
  const [used] = await db
    .select({ bytes: sql<string>`coalesce(sum(${storedFile.size}), 0)` })
    .from(storedFile)
    .where(eq(storedFile.ownerUserId, options.userId));
  if (Number(used?.bytes ?? 0) + bytes.byteLength > options.quotaBytes) throw new AppError('STORAGE_QUOTA_EXCEEDED');
  const id = randomBytes(18).toString('base64url');
  const storageKey = `${purpose}/${id}`;
  await storage.put({ key: storageKey, body: bytes, contentType: check.contentType });
  try {
    const [row] = await db
      .insert(storedFile)
      .values({
        id,
        ownerUserId: options.userId,
        purpose,
        name: check.name,
        contentType: check.contentType,
        size: bytes.byteLength,
        storageKey,
      })
      .returning();
    if (!row) throw new Error('file insert returned nothing');
    return toUploadedFile(row);
  } catch (error) {
    await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}
