import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { apiKey } from './public-api.tables';

/** Revoking deletes the key: the next call with it answers 401. */
export async function revokeApiKey(options: { db: Database; subaccountId: string; keyId: string }): Promise<void> {
  const deleted = await options.db
    .delete(apiKey)
    .where(and(eq(apiKey.id, options.keyId), eq(apiKey.subaccountId, options.subaccountId)))
    .returning({ id: apiKey.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', { message: 'API key not found' });
}
