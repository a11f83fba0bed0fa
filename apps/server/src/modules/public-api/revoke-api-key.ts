import { and, eq } from 'drizzle-orm';
import type { Cache } from '../../platform/cache/cache';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { API_KEYS_SCOPE } from './authenticate-api-key';
import { apiKey } from './public-api.tables';

/**
 * Revoking deletes the key, then forgets the remembered keys here and on every other instance:
 * the next call with it answers 401.
 */
export async function revokeApiKey(options: {
  db: Database;
  cache: Cache;
  subaccountId: string;
  keyId: string;
}): Promise<void> {
  const deleted = await options.db
    .delete(apiKey)
    .where(and(eq(apiKey.id, options.keyId), eq(apiKey.subaccountId, options.subaccountId)))
    .returning({ id: apiKey.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', { message: 'API key not found' });
  await options.cache.forget(API_KEYS_SCOPE);
}
