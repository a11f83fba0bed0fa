import type { ProviderKey } from '@agentry/core/llm';
import type { providerKey } from './llm.tables';

/** What the browser may see of a key: never the key itself. */
export function toProviderKey(row: typeof providerKey.$inferSelect): ProviderKey {
  return {
    id: row.id,
    provider: row.provider,
    label: row.label,
    lastFour: row.lastFour,
    baseUrl: row.baseUrl,
    defaultModel: row.defaultModel,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function lastFourOf(apiKey: string): string {
  return apiKey.slice(-4);
}
