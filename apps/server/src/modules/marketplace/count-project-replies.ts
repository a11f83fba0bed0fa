import { count, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { marketplaceReply } from './marketplace.tables';

export async function countProjectReplies(options: { db: Database; projectId: string }): Promise<number> {
  const [row] = await options.db
    .select({ value: count() })
    .from(marketplaceReply)
    .where(eq(marketplaceReply.projectId, options.projectId));
  return row?.value ?? 0;
}
