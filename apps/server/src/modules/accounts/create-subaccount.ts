import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Subaccount } from '@agentry/core/auth';
import { getPlanFamily } from '@agentry/core/plans';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { member, organization, user } from '../auth/auth.tables';
import { countActiveOwnedSubaccounts, resolveCapabilities } from '../billing/resolve-capabilities';
import { subaccountSettings } from './accounts.tables';

/**
 * A new sub account administered and owned by its creator, within the creator's plan limit.
 * Counted and inserted while the creator's user row is locked (SELECT ... FOR UPDATE), so two
 * parallel creates at the limit create one. Over the limit: 403 PLAN_REQUIRED whose message
 * names the plan and its limit, and nothing is written.
 */
export async function createSubaccount(options: { db: Database; userId: string; name: string }): Promise<Subaccount> {
  const { db, userId, name } = options;
  const { capabilities, planFamily } = await resolveCapabilities({ db, billingUserId: userId });
  const allowed = capabilities.limits.subaccounts;
  const id = randomUUID();
  const createdAt = new Date();
  await db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
    if (allowed !== null) {
      const active = await countActiveOwnedSubaccounts({ db: tx, userId });
      if (active >= allowed) {
        const planName = planFamily ? getPlanFamily(planFamily).name : 'Free';
        throw new AppError('PLAN_REQUIRED', {
          message: `Your ${planName} plan includes ${allowed} sub account${allowed === 1 ? '' : 's'}. Upgrade your plan to add more.`,
          extra: { capability: 'subaccounts', planName, limit: allowed },
        });
      }
    }
    await tx.insert(organization).values({ id, name, slug: `subaccount-${id}`, createdAt });
    await tx.insert(member).values({ id: randomUUID(), organizationId: id, userId, role: 'admin' });
    await tx.insert(subaccountSettings).values({ subaccountId: id, ownerUserId: userId });
  });
  return {
    id,
    name,
    logoUrl: null,
    role: 'admin',
    agentCount: 0,
    createdAt: createdAt.toISOString(),
    isLocked: false,
    isOwner: true,
  };
}
