import { desc, eq } from 'drizzle-orm';
import type { ApiKey } from '@agentry/core/llm';
import type { Database } from '../../platform/db/database';
import { apiKey } from './public-api.tables';
import { toApiKey } from './to-api-key';

export async function listApiKeys(options: { db: Database; subaccountId: string }): Promise<ApiKey[]> {
  const rows = await options.db
    .select()
    .from(apiKey)
    .where(eq(apiKey.subaccountId, options.subaccountId))
    .orderBy(desc(apiKey.createdAt));
  return rows.map(toApiKey);
}
