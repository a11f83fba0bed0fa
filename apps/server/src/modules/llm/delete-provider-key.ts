import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { providerKey } from './llm.tables';

/** Deletes a key; agents that chose it fall back to the next key or the platform (FK set null). */
export async function deleteProviderKey(options: { db: Database; subaccountId: string; keyId: string }): Promise<void> {
  const deleted = await options.db
    .delete(providerKey)
    .where(and(eq(providerKey.id, options.keyId), eq(providerKey.subaccountId, options.subaccountId)))
    .returning({ id: providerKey.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', { message: 'Provider key not found' });
}
