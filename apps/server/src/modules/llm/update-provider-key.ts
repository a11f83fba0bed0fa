import { and, eq } from 'drizzle-orm';
import type { ProviderKey, UpdateProviderKeyBody } from '@agentry/core/llm';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { assertProviderBaseUrl } from './assert-provider-base-url';
import { getProviderKeyRowOrThrow } from './get-provider-key-or-throw';
import { providerKey } from './llm.tables';
import { encryptSecret } from './secret-box';
import { lastFourOf, toProviderKey } from './to-provider-key';

/**
 * Renames a key, replaces the key itself, or changes its base URL. A new base URL needs the key
 * entered again in the same request: the stored secret is only ever sent where it was entered for
 * (else an admin could point it at a server of theirs and test the key there).
 */
export async function updateProviderKey(options: {
  db: Database;
  config: AppConfig;
  subaccountId: string;
  keyId: string;
  body: UpdateProviderKeyBody;
}): Promise<ProviderKey> {
  const { body } = options;
  const current = await getProviderKeyRowOrThrow({
    db: options.db,
    subaccountId: options.subaccountId,
    keyId: options.keyId,
  });
  const isMoving = body.baseUrl !== undefined && body.baseUrl !== current.baseUrl;
  if (isMoving && !body.apiKey)
    throw new AppError('VALIDATION_ERROR', { message: 'Enter the API key again to change the base URL.' });
  const replacement = body.apiKey
    ? {
        encryptedKey: encryptSecret({ key: options.config.encryptionKey, plaintext: body.apiKey }),
        lastFour: lastFourOf(body.apiKey),
      }
    : {};
  if (body.baseUrl !== undefined)
    await assertProviderBaseUrl({ config: options.config, provider: current.provider, baseUrl: body.baseUrl });
  const [row] = await options.db
    .update(providerKey)
    .set({
      ...replacement,
      ...(body.label !== undefined ? { label: body.label } : {}),
      ...(body.baseUrl !== undefined ? { baseUrl: body.baseUrl } : {}),
      ...(body.defaultModel !== undefined ? { defaultModel: body.defaultModel } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(providerKey.id, options.keyId), eq(providerKey.subaccountId, options.subaccountId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', { message: 'Provider key not found' });
  return toProviderKey(row);
}
