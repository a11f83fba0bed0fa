import { randomBytes, randomUUID } from 'node:crypto';
import { API_KEY_PREFIX, type CreatedApiKeyReply } from '@agentry/core/llm';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { member } from '../auth/auth.tables';
import { hashApiKey } from './hash-api-key';
import { apiKey } from './public-api.tables';
import { toApiKey } from './to-api-key';

/**
 * A new key: the secret is answered this once; only its hash is stored. Made while its creator's
 * membership is held (a share lock on their member row): a removal that holds the row first is
 * waited for and then refuses the key (404, as for anyone outside), one that comes after deletes it
 * with the others. Before, a key made while its creator was being removed outlived the removal.
 */
export async function createApiKey(options: {
  db: Database;
  subaccountId: string;
  userId: string;
  name: string;
}): Promise<CreatedApiKeyReply> {
  const secret = `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
  const row = await options.db.transaction(async (tx) => {
    const [membership] = await tx
      .select({ id: member.id })
      .from(member)
      .where(and(eq(member.organizationId, options.subaccountId), eq(member.userId, options.userId)))
      .for('share');
    if (!membership) throw new AppError('NOT_FOUND', { message: 'Sub account not found' });
    const [inserted] = await tx
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
    if (!inserted) throw new Error('api key insert returned nothing');
    return inserted;
  });
  return { ...toApiKey(row), secret };
}
