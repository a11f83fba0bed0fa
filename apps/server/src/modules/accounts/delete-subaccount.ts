import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { SubaccountDeletionSummary } from '@agentry/core/subaccounts';
import type { Database, Transaction } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { agent } from '../agents/agents.tables';
import { member, organization, user, userProfile } from '../auth/auth.tables';
import { channelConnection } from '../channels/channels.tables';
import { demo } from '../demos/demos.tables';
import { evaluationRun } from '../evaluation/evaluation.tables';
import { providerKey } from '../llm/llm.tables';
import { apiKey } from '../public-api/public-api.tables';
import { widgetConnection } from '../widget/widget.tables';
import { subaccountSettings } from './accounts.tables';

async function firstCount(query: PromiseLike<{ value: number }[]>): Promise<number> {
  return (await query)[0]?.value ?? 0;
}

/** What deleting the sub account removes, counted, for the typed confirmation. */
export async function summarizeSubaccountDeletion(options: {
  db: Database;
  subaccountId: string;
}): Promise<SubaccountDeletionSummary> {
  const { db, subaccountId } = options;
  const [agents, widgets, channelConnections, demos, evaluationRuns, providerKeys, apiKeys, members] =
    await Promise.all([
      firstCount(db.select({ value: count() }).from(agent).where(eq(agent.subaccountId, subaccountId))),
      firstCount(
        db.select({ value: count() }).from(widgetConnection).where(eq(widgetConnection.subaccountId, subaccountId)),
      ),
      firstCount(
        db.select({ value: count() }).from(channelConnection).where(eq(channelConnection.subaccountId, subaccountId)),
      ),
      firstCount(db.select({ value: count() }).from(demo).where(eq(demo.subaccountId, subaccountId))),
      firstCount(db.select({ value: count() }).from(evaluationRun).where(eq(evaluationRun.subaccountId, subaccountId))),
      firstCount(db.select({ value: count() }).from(providerKey).where(eq(providerKey.subaccountId, subaccountId))),
      firstCount(db.select({ value: count() }).from(apiKey).where(eq(apiKey.subaccountId, subaccountId))),
      firstCount(db.select({ value: count() }).from(member).where(eq(member.organizationId, subaccountId))),
    ]);
  return { agents, widgets, channelConnections, demos, evaluationRuns, providerKeys, apiKeys, members };
}

/**
 * Locks the user rows of the caller and of the sub account's owner (SELECT ... FOR UPDATE, in id
 * order so two deletes locking the same two users cannot deadlock), as createSubaccount does:
 * deletes touching one user then count that user's memberships one at a time, and parallel ones
 * cannot leave them none.
 */
async function lockAffectedUsers(tx: Transaction, options: { subaccountId: string; userId: string }) {
  const [settings] = await tx
    .select({ ownerUserId: subaccountSettings.ownerUserId })
    .from(subaccountSettings)
    .where(eq(subaccountSettings.subaccountId, options.subaccountId))
    .limit(1);
  const userIds = [...new Set([options.userId, settings?.ownerUserId ?? options.userId])];
  await tx.select({ id: user.id }).from(user).where(inArray(user.id, userIds)).orderBy(asc(user.id)).for('update');
  return userIds;
}

/**
 * Deletes a sub account and everything in it (every tenant table cascades from the sub account
 * row), in one transaction. Neither the caller's nor the owner's last sub account goes, whoever
 * deletes it: a workspace needs one to work in. Users whose active sub account it was fall back to
 * their first one.
 */
export async function deleteSubaccount(options: { db: Database; subaccountId: string; userId: string }) {
  const { db, subaccountId, userId } = options;
  await db.transaction(async (tx) => {
    for (const affectedUserId of await lockAffectedUsers(tx, { subaccountId, userId })) {
      const [others] = await tx
        .select({ value: count() })
        .from(member)
        .where(and(eq(member.userId, affectedUserId), ne(member.organizationId, subaccountId)));
      if ((others?.value ?? 0) === 0) {
        throw new AppError('CONFLICT', {
          message:
            affectedUserId === userId
              ? 'This is your only sub account. Create another one before deleting it.'
              : "This is the owner's only sub account. They need another one before it can be deleted.",
        });
      }
    }
    await tx
      .update(userProfile)
      .set({ activeSubaccountId: null, updatedAt: new Date() })
      .where(eq(userProfile.activeSubaccountId, subaccountId));
    const deleted = await tx
      .delete(organization)
      .where(eq(organization.id, subaccountId))
      .returning({ id: organization.id });
    if (deleted.length === 0) throw new AppError('NOT_FOUND', { message: 'Sub account not found' });
  });
}
