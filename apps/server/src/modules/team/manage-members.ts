import { and, eq } from 'drizzle-orm';
import { Role } from '@agentry/core/auth';
import { roleChangeAction, type Action } from '@agentry/core/permissions';
import { teamMessages } from '@agentry/core/team';
import type { Cache } from '../../platform/cache/cache';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { subaccountSettings } from '../accounts/accounts.tables';
import { member, userProfile } from '../auth/auth.tables';
import { authorize } from '../auth/authorize';
import { API_KEYS_SCOPE } from '../public-api/authenticate-api-key';
import { apiKey } from '../public-api/public-api.tables';
import { teamInvitation } from './team.tables';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Locks the sub account's member rows and answers the target membership. Changes to who is an
 * admin run one at a time per sub account, so two admins demoting each other cannot leave none.
 */
async function lockMembers(tx: Transaction, subaccountId: string, where: { memberId?: string; userId?: string }) {
  const rows = await tx
    .select({ id: member.id, userId: member.userId, role: member.role })
    .from(member)
    .where(eq(member.organizationId, subaccountId))
    .for('update');
  const target = rows.find((row) => (where.memberId ? row.id === where.memberId : row.userId === where.userId));
  if (!target) throw new AppError('NOT_FOUND', { message: teamMessages.memberNotFound });
  const [settings] = await tx
    .select({ ownerUserId: subaccountSettings.ownerUserId })
    .from(subaccountSettings)
    .where(eq(subaccountSettings.subaccountId, subaccountId))
    .limit(1);
  const adminCount = rows.filter((row) => row.role === 'admin').length;
  return { target, isOwner: target.userId === settings?.ownerUserId, adminCount };
}

function assertNotLastAdmin(state: { target: { role: string }; isOwner: boolean; adminCount: number }) {
  if (state.isOwner) throw new AppError('CONFLICT', { message: teamMessages.owner });
  if (state.target.role === 'admin' && state.adminCount <= 1)
    throw new AppError('CONFLICT', { message: teamMessages.lastAdmin });
}

/** A stored role we do not know grants nothing, so any change from it grants access. */
function roleChangeActionFrom(storedRole: string, to: Role): Action {
  const from = Role.safeParse(storedRole);
  return from.success ? roleChangeAction({ from: from.data, to }) : 'team.manage';
}

/**
 * The route lets any admin in (`team.removeAccess`); whether the change grants access (a higher
 * role, refused while the sub account is locked) is known only here, with the target's row locked.
 */
export async function changeMemberRole(options: {
  db: Database;
  subaccountId: string;
  memberId: string;
  role: Role;
  byUserId: string;
}) {
  await options.db.transaction(async (tx) => {
    const state = await lockMembers(tx, options.subaccountId, { memberId: options.memberId });
    if (state.target.role === options.role) return;
    await authorize({
      db: tx,
      subaccountId: options.subaccountId,
      userId: options.byUserId,
      action: roleChangeActionFrom(state.target.role, options.role),
    });
    if (options.role !== 'admin') assertNotLastAdmin(state);
    await tx.update(member).set({ role: options.role }).where(eq(member.id, options.memberId));
  });
}

/**
 * Ends a membership and what it left behind in the sub account: the API keys the person made there
 * (the integration keeps working only with a key of someone still in) and the invitations they sent
 * and that are still pending (nobody gets in on their word after they left). Agents, demos and
 * everything else they built stay.
 */
async function deleteMembership(tx: Transaction, subaccountId: string, target: { id: string; userId: string }) {
  await tx.delete(member).where(eq(member.id, target.id));
  await tx.delete(apiKey).where(and(eq(apiKey.subaccountId, subaccountId), eq(apiKey.createdByUserId, target.userId)));
  await tx
    .update(teamInvitation)
    .set({ status: 'revoked' })
    .where(
      and(
        eq(teamInvitation.subaccountId, subaccountId),
        eq(teamInvitation.invitedByUserId, target.userId),
        eq(teamInvitation.status, 'pending'),
      ),
    );
  // Their workspace pages pointed at this sub account: /api/me falls back to their first one.
  await tx
    .update(userProfile)
    .set({ activeSubaccountId: null, updatedAt: new Date() })
    .where(and(eq(userProfile.userId, target.userId), eq(userProfile.activeSubaccountId, subaccountId)));
}

export async function removeMember(options: { db: Database; cache: Cache; subaccountId: string; memberId: string }) {
  await options.db.transaction(async (tx) => {
    const state = await lockMembers(tx, options.subaccountId, { memberId: options.memberId });
    assertNotLastAdmin(state);
    await deleteMembership(tx, options.subaccountId, state.target);
  });
  // The keys deleted are forgotten here and on every other instance: their next call answers 401.
  await options.cache.forget(API_KEYS_SCOPE);
}

export async function leaveSubaccount(options: { db: Database; cache: Cache; subaccountId: string; userId: string }) {
  await options.db.transaction(async (tx) => {
    const state = await lockMembers(tx, options.subaccountId, { userId: options.userId });
    assertNotLastAdmin(state);
    await deleteMembership(tx, options.subaccountId, state.target);
  });
  await options.cache.forget(API_KEYS_SCOPE);
}
