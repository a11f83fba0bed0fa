import { randomUUID } from 'node:crypto';
import type { CreateProviderKeyBody, ProviderKey } from '@agentry/core/llm';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import { assertProviderBaseUrl } from './assert-provider-base-url';
import { providerKey } from './llm.tables';
import { encryptSecret } from './secret-box';
import { lastFourOf, toProviderKey } from './to-provider-key';

/** Stores a sub account's provider key encrypted (CONFIG_ERROR without ENCRYPTION_KEY). */
export async function createProviderKey(options: {
  db: Database;
  config: AppConfig;
  subaccountId: string;
  userId: string;
  body: CreateProviderKeyBody;
}): Promise<ProviderKey> {
  const { body } = options;
  const encryptedKey = encryptSecret({ key: options.config.encryptionKey, plaintext: body.apiKey });
  await assertProviderBaseUrl({ config: options.config, provider: body.provider, baseUrl: body.baseUrl });
  const [row] = await options.db
    .insert(providerKey)
    .values({
      id: randomUUID(),
      subaccountId: options.subaccountId,
      provider: body.provider,
      label: body.label,
      encryptedKey,
      lastFour: lastFourOf(body.apiKey),
      baseUrl: body.baseUrl ?? null,
      defaultModel: body.defaultModel ?? null,
      createdByUserId: options.userId,
    })
    .returning();
  if (!row) throw new Error('provider key insert returned nothing');
  return toProviderKey(row);
}
