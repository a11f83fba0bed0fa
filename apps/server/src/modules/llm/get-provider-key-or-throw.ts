import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { providerKey } from './llm.tables';

export async function getProviderKeyRowOrThrow(options: {
  db: Database;
  subaccountId: string;
  keyId: string;
}): Promise<typeof providerKey.$inferSelect> {
  const [row] = await options.db
    .select()
    .from(providerKey)
    .where(and(eq(providerKey.id, options.keyId), eq(providerKey.subaccountId, options.subaccountId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'Provider key not found' });
  return row;
}
