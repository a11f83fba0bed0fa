import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { API_KEY_PREFIX } from '@agentry/core/llm';
import type { Cache } from '../../platform/cache/cache';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { hashApiKey } from './hash-api-key';
import { apiKey } from './public-api.tables';

const LAST_USED_RESOLUTION_MS = 60_000;

/** The cache scope of authenticated API keys: forget it after a key is revoked. */
export const API_KEYS_SCOPE = 'api-keys';

type KnownKey = { keyId: string; subaccountId: string; lastUsedAt: number };

function incorrectKey(): AppError {
  return new AppError('UNAUTHORIZED', { message: 'Incorrect API key provided.' });
}

async function findKeyOrThrow(db: Database, secretHash: string): Promise<KnownKey> {
  const [row] = await db
    .select({ id: apiKey.id, subaccountId: apiKey.subaccountId, lastUsedAt: apiKey.lastUsedAt })
    .from(apiKey)
    .where(eq(apiKey.secretHash, secretHash))
    .limit(1);
  // Not found is thrown, so an unknown secret is never remembered.
  if (!row) throw incorrectKey();
  return { keyId: row.id, subaccountId: row.subaccountId, lastUsedAt: row.lastUsedAt?.getTime() ?? 0 };
}

/**
 * The sub account of `Authorization: Bearer agt_...`; 401 for anything else. A key is read once
 * and remembered (by its hash) until a key is revoked (API_KEYS_SCOPE); the gateway
 * still finds out on every call that the sub account exists (readTurnContextOrThrow).
 */
export async function authenticateApiKeyOrThrow(options: {
  db: Database;
  authorization: string | undefined;
  cache: Cache;
  logger: FastifyBaseLogger;
}): Promise<{ keyId: string; subaccountId: string }> {
  const { db } = options;
  const secret = /^Bearer\s+(\S+)$/i.exec(options.authorization ?? '')?.[1];
  if (!secret?.startsWith(API_KEY_PREFIX)) throw incorrectKey();
  const secretHash = hashApiKey(secret);
  const key = await options.cache.remember(API_KEYS_SCOPE, secretHash, () => findKeyOrThrow(db, secretHash));
  // At most one write a minute per key (and instance), off the call's path: it is only shown on the key list.
  const now = Date.now();
  if (now - key.lastUsedAt > LAST_USED_RESOLUTION_MS) {
    key.lastUsedAt = now;
    db.update(apiKey)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(apiKey.id, key.keyId))
      .then(
        () => undefined,
        (error: unknown) => options.logger.warn({ err: error }, 'could not record when an API key was used'),
      );
  }
  return { keyId: key.keyId, subaccountId: key.subaccountId };
}
