import { randomUUID } from 'node:crypto';
import type { Subaccount } from '@agentry/core/auth';
import type { Database } from '../../platform/db/database';
import { member, organization } from '../auth/auth.tables';
import { subaccountSettings } from './accounts.tables';

/** A new sub account administered by its creator. */
export async function createSubaccount(options: { db: Database; userId: string; name: string }): Promise<Subaccount> {
  const id = randomUUID();
  const createdAt = new Date();
  await options.db.transaction(async (tx) => {
    await tx.insert(organization).values({ id, name: options.name, slug: `subaccount-${id}`, createdAt });
    await tx.insert(member).values({ id: randomUUID(), organizationId: id, userId: options.userId, role: 'admin' });
    await tx.insert(subaccountSettings).values({ subaccountId: id, ownerUserId: options.userId });
  });
  return { id, name: options.name, logoUrl: null, role: 'admin', agentCount: 0, createdAt: createdAt.toISOString() };
}
