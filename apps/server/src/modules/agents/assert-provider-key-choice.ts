import { and, eq } from 'drizzle-orm';
import type { LlmProvider } from '@agentry/core/llm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { providerKey } from '../llm/llm.tables';

/**
 * A provider key chosen for an agent must be the sub account's and for the agent's provider.
 * Answers the key's default model (null without a key or without one set).
 */
export async function assertProviderKeyChoice(options: {
  db: Database;
  subaccountId: string;
  providerKeyId: string | null | undefined;
  provider: LlmProvider;
}): Promise<{ defaultModel: string | null }> {
  if (!options.providerKeyId) return { defaultModel: null };
  const [row] = await options.db
    .select({ provider: providerKey.provider, defaultModel: providerKey.defaultModel })
    .from(providerKey)
    .where(and(eq(providerKey.id, options.providerKeyId), eq(providerKey.subaccountId, options.subaccountId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'Provider key not found' });
  if (row.provider !== options.provider)
    throw new AppError('VALIDATION_ERROR', { message: "The provider key does not match the agent's provider" });
  return { defaultModel: row.defaultModel };
}
