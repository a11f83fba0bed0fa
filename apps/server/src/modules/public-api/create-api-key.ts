import { randomBytes, randomUUID } from 'node:crypto';
import { API_KEY_PREFIX, type CreatedApiKeyReply } from '@agentry/core/llm';
import type { Database } from '../../platform/db/database';
import { hashApiKey } from './hash-api-key';
import { apiKey } from './public-api.tables';
import { toApiKey } from './to-api-key';

/** A new key: the secret is answered this once; only its hash is stored. */
export async function createApiKey(options: {
  db: Database;
  subaccountId: string;
  userId: string;
  name: string;
}): Promise<CreatedApiKeyReply> {
  const secret = `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
  const [row] = await options.db
    .insert(apiKey)
    .values({
      id: randomUUID(),
      subaccountId: options.subaccountId,
      name: options.name,
      prefix: secret.slice(0, API_KEY_PREFIX.length + 6),
      secretHash: hashApiKey(secret),
      createdByUserId: options.userId,
    })
    .returning();
  if (!row) throw new Error('api key insert returned nothing');
  return { ...toApiKey(row), secret };
}
