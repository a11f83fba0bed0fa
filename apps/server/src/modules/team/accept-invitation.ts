import { randomUUID } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { Role } from '@agentry/core/auth';
import { teamMessages, type InvitationPreview } from '@agentry/core/team';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { member, organization, user, userProfile } from '../auth/auth.tables';
import { isSubaccountLocked } from '../billing/is-subaccount-locked';
import { hashInvitationToken } from './invitation-token';
import { teamInvitation } from './team.tables';

const invalid = () => new AppError('NOT_FOUND', { message: teamMessages.invitationInvalid });

/** The pending, unexpired invitation a token belongs to; anything else answers one 404. */
export async function findLiveInvitation(db: Database, token: string) {
  const [row] = await db
    .select({
      id: teamInvitation.id,
      subaccountId: teamInvitation.subaccountId,
      email: teamInvitation.email,
      role: teamInvitation.role,
      expiresAt: teamInvitation.expiresAt,
      subaccountName: organization.name,
      invitedByName: user.name,
    })
    .from(teamInvitation)
    .innerJoin(organization, eq(organization.id, teamInvitation.subaccountId))
    .leftJoin(user, eq(user.id, teamInvitation.invitedByUserId))
    .where(
      and(
        eq(teamInvitation.tokenHash, hashInvitationToken(token)),
        eq(teamInvitation.status, 'pending'),
        gt(teamInvitation.expiresAt, new Date()),
      ),
    )
    .limit(1);
  const role = Role.safeParse(row?.role);
  if (!row || !role.success) throw invalid();
  return { ...row, role: role.data };
}

export function toInvitationPreview(row: Awaited<ReturnType<typeof findLiveInvitation>>): InvitationPreview {
  return {
    subaccountName: row.subaccountName,
    invitedByName: row.invitedByName,
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Accepts an invitation for the signed-in user: the address must be the invited one. Single use
 * (the pending row is claimed in the same transaction); the user becomes a member with the
 * invited role (someone already in keeps their role) and the sub account becomes their active one.
 * Joining grants access, which a sub account locked after a downgrade refuses (the same 403 as
 * any write there); the invitation stays pending, so it works once the lock lifts.
 */
export async function acceptInvitation(options: {
  db: Database;
  token: string;
  userId: string;
  email: string;
  /** An address nobody proved is theirs (a sign-in provider that did not verify it) is not the invited one. */
  isEmailVerified: boolean;
}) {
  const { db, userId } = options;
  const invitation = await findLiveInvitation(db, options.token);
  if (!options.isEmailVerified || invitation.email.toLowerCase() !== options.email.toLowerCase())
    throw new AppError('FORBIDDEN', { message: teamMessages.wrongAddress });
  if (await isSubaccountLocked({ db, subaccountId: invitation.subaccountId }))
    throw new AppError('PLAN_REQUIRED', { extra: { reason: 'subaccount_locked' } });
  await db.transaction(async (tx) => {
    const claimed = await tx
      .update(teamInvitation)
      .set({ status: 'accepted', acceptedAt: new Date(), acceptedByUserId: userId })
      .where(
        and(
          eq(teamInvitation.id, invitation.id),
          // Still this link: a resend since (a new token) ends the one read above.
          eq(teamInvitation.tokenHash, hashInvitationToken(options.token)),
          eq(teamInvitation.status, 'pending'),
          gt(teamInvitation.expiresAt, new Date()),
        ),
      )
      .returning({ id: teamInvitation.id });
    if (claimed.length === 0) throw invalid();
    // Read again with the claim: a sub account locked meanwhile takes nobody in (the claim rolls back).
    if (await isSubaccountLocked({ db: tx, subaccountId: invitation.subaccountId }))
      throw new AppError('PLAN_REQUIRED', { extra: { reason: 'subaccount_locked' } });
    await tx
      .insert(member)
      .values({ id: randomUUID(), organizationId: invitation.subaccountId, userId, role: invitation.role })
      .onConflictDoNothing();
    await tx
      .insert(userProfile)
      .values({ userId, activeSubaccountId: invitation.subaccountId })
      .onConflictDoUpdate({
        target: userProfile.userId,
        set: { activeSubaccountId: invitation.subaccountId, updatedAt: new Date() },
      });
  });
  return { subaccountId: invitation.subaccountId };
}

export async function userExists(db: Database, email: string) {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  return row !== undefined;
}
