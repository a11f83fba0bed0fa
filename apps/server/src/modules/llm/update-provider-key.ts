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

/** Renames a key, replaces the key itself, or changes its base URL. */
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
