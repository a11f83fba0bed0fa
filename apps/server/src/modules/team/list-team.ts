import { and, asc, eq } from 'drizzle-orm';
import type { TeamReply } from '@agentry/core/team';
import type { Database } from '../../platform/db/database';
import { subaccountSettings } from '../accounts/accounts.tables';
import { parseMemberRole } from '../accounts/get-membership-or-throw';
import { member, user } from '../auth/auth.tables';
import { teamInvitation } from './team.tables';

/** The members of a sub account, oldest first, and (for admins) its pending invitations. */
export async function listTeam(options: {
  db: Database;
  subaccountId: string;
  userId: string;
  includeInvitations: boolean;
}): Promise<TeamReply> {
  const { db, subaccountId } = options;
  const [settings] = await db
    .select({ ownerUserId: subaccountSettings.ownerUserId })
    .from(subaccountSettings)
    .where(eq(subaccountSettings.subaccountId, subaccountId))
    .limit(1);
  const rows = await db
    .select({
      id: member.id,
      userId: member.userId,
      role: member.role,
      joinedAt: member.createdAt,
      name: user.name,
      email: user.email,
    })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(member.organizationId, subaccountId))
    .orderBy(asc(member.createdAt), asc(member.id));
  const members = rows.flatMap((row) => {
    const role = parseMemberRole({ role: row.role, subaccountId, userId: row.userId });
    if (!role) return [];
    return [
      {
        id: row.id,
        userId: row.userId,
        // A user who signed up through a link has no name yet: the address's first part stands in.
        name: row.name.trim() || row.email.split('@')[0] || row.email,
        email: row.email,
        role,
        isOwner: row.userId === settings?.ownerUserId,
        isYou: row.userId === options.userId,
        joinedAt: row.joinedAt.toISOString(),
      },
    ];
  });
  if (!options.includeInvitations) return { members, invitations: [] };
  const now = Date.now();
  const invitationRows = await db
    .select({
      id: teamInvitation.id,
      email: teamInvitation.email,
      role: teamInvitation.role,
      sentAt: teamInvitation.sentAt,
      expiresAt: teamInvitation.expiresAt,
      invitedByName: user.name,
    })
    .from(teamInvitation)
    .leftJoin(user, eq(user.id, teamInvitation.invitedByUserId))
    .where(and(eq(teamInvitation.subaccountId, subaccountId), eq(teamInvitation.status, 'pending')))
    .orderBy(asc(teamInvitation.createdAt));
  const invitations = invitationRows.flatMap((row) => {
    const role = parseMemberRole({ role: row.role, subaccountId, userId: row.email });
    if (!role) return [];
    return [
      {
        id: row.id,
        email: row.email,
        role,
        invitedByName: row.invitedByName,
        sentAt: row.sentAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        isExpired: row.expiresAt.getTime() <= now,
      },
    ];
  });
  return { members, invitations };
}
