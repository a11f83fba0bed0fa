import { desc, eq } from 'drizzle-orm';
import type { ProviderKey } from '@agentry/core/llm';
import type { Database } from '../../platform/db/database';
import { providerKey } from './llm.tables';
import { toProviderKey } from './to-provider-key';

export async function listProviderKeys(options: { db: Database; subaccountId: string }): Promise<ProviderKey[]> {
  const rows = await options.db
    .select()
    .from(providerKey)
    .where(eq(providerKey.subaccountId, options.subaccountId))
    .orderBy(desc(providerKey.createdAt));
  return rows.map(toProviderKey);
}
