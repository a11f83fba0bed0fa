import type { ApiKey } from '@agentry/core/llm';
import type { apiKey } from './public-api.tables';

export function toApiKey(row: typeof apiKey.$inferSelect): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}
