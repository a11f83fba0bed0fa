import { eq } from 'drizzle-orm';
import { API_KEY_PREFIX } from '@agentry/core/llm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { hashApiKey } from './hash-api-key';
import { apiKey } from './public-api.tables';

const LAST_USED_RESOLUTION_MS = 60_000;

/** The sub account of `Authorization: Bearer agt_...`; 401 for anything else. */
export async function authenticateApiKeyOrThrow(options: {
  db: Database;
  authorization: string | undefined;
}): Promise<{ keyId: string; subaccountId: string }> {
  const secret = /^Bearer\s+(\S+)$/i.exec(options.authorization ?? '')?.[1];
  if (!secret?.startsWith(API_KEY_PREFIX))
    throw new AppError('UNAUTHORIZED', { message: 'Incorrect API key provided.' });
  const [row] = await options.db
    .select({ id: apiKey.id, subaccountId: apiKey.subaccountId, lastUsedAt: apiKey.lastUsedAt })
    .from(apiKey)
    .where(eq(apiKey.secretHash, hashApiKey(secret)))
    .limit(1);
  if (!row) throw new AppError('UNAUTHORIZED', { message: 'Incorrect API key provided.' });
  // At most one write a minute per key, not one per request.
  const now = new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await options.db.update(apiKey).set({ lastUsedAt: now }).where(eq(apiKey.id, row.id));
  }
  return { keyId: row.id, subaccountId: row.subaccountId };
}
