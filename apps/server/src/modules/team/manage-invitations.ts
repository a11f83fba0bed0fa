import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Role } from '@agentry/core/auth';
import { INVITATION_TTL_DAYS, teamMessages } from '@agentry/core/team';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { Mailer } from '../../platform/mail/mailer';
import { member, organization, user } from '../auth/auth.tables';
import { createInvitationToken } from './invitation-token';
import { renderInvitationMail } from './render-invitation-mail';
import { teamInvitation } from './team.tables';

const TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

type MailContext = { db: Database; mailer: Mailer; publicUrl: string };

async function mailInvitation(
  context: MailContext,
  options: { subaccountId: string; email: string; role: Role; token: string; invitedByUserId: string },
) {
  const [subaccount] = await context.db
    .select({ name: organization.name })
    .from(organization)
    .where(eq(organization.id, options.subaccountId))
    .limit(1);
  const [inviter] = await context.db
    .select({ name: user.name })
    .from(user)
    .where(eq(user.id, options.invitedByUserId))
    .limit(1);
  const url = `${context.publicUrl}/invite/${options.token}`;
  await context.mailer.send({
    to: options.email,
    ...renderInvitationMail({
      url,
      subaccountName: subaccount?.name ?? 'a sub account',
      invitedByName: inviter?.name ?? null,
      role: options.role,
      days: INVITATION_TTL_DAYS,
    }),
    link: url,
  });
}

/**
 * Invites an address into a sub account with a role and mails the accept link. An address that
 * is already a member, or already has a live invitation, is refused (409); an expired pending
 * invitation for it is replaced.
 */
export async function inviteMember(
  context: MailContext,
  options: { subaccountId: string; email: string; role: Role; invitedByUserId: string },
) {
  const { db } = context;
  const { subaccountId, email, role } = options;
  const { token, tokenHash } = createInvitationToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + TTL_MS);
  const id = await db.transaction(async (tx) => {
    const [existingMember] = await tx
      .select({ id: member.id })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(and(eq(member.organizationId, subaccountId), eq(user.email, email)))
      .limit(1);
    if (existingMember) throw new AppError('CONFLICT', { message: teamMessages.alreadyMember });
    const [pending] = await tx
      .select({ id: teamInvitation.id, expiresAt: teamInvitation.expiresAt })
      .from(teamInvitation)
      .where(
        and(
          eq(teamInvitation.subaccountId, subaccountId),
          eq(teamInvitation.email, email),
          eq(teamInvitation.status, 'pending'),
        ),
      )
      .for('update')
      .limit(1);
    if (pending && pending.expiresAt.getTime() > now.getTime())
      throw new AppError('CONFLICT', { message: teamMessages.alreadyInvited });
    if (pending) {
      await tx
        .update(teamInvitation)
        .set({ role, tokenHash, invitedByUserId: options.invitedByUserId, sentAt: now, expiresAt })
        .where(eq(teamInvitation.id, pending.id));
      return pending.id;
    }
    const inserted = await tx
      .insert(teamInvitation)
      .values({
        id: randomUUID(),
        subaccountId,
        email,
        role,
        tokenHash,
        invitedByUserId: options.invitedByUserId,
        sentAt: now,
        expiresAt,
      })
      .onConflictDoNothing()
      .returning({ id: teamInvitation.id });
    // Two admins invited the same address at the same moment: the other one's invitation stands.
    if (inserted.length === 0) throw new AppError('CONFLICT', { message: teamMessages.alreadyInvited });
    return inserted[0]!.id;
  });
  await mailInvitation(context, { subaccountId, email, role, token, invitedByUserId: options.invitedByUserId });
  return id;
}

/** A new link for a pending invitation (the old one stops working) and a fresh expiry. */
export async function resendInvitation(
  context: MailContext,
  options: { subaccountId: string; invitationId: string; invitedByUserId: string },
) {
  const { token, tokenHash } = createInvitationToken();
  const now = new Date();
  const [row] = await context.db
    .update(teamInvitation)
    .set({ tokenHash, sentAt: now, expiresAt: new Date(now.getTime() + TTL_MS) })
    .where(
      and(
        eq(teamInvitation.id, options.invitationId),
        eq(teamInvitation.subaccountId, options.subaccountId),
        eq(teamInvitation.status, 'pending'),
      ),
    )
    .returning({ email: teamInvitation.email, role: teamInvitation.role });
  if (!row) throw new AppError('NOT_FOUND', { message: teamMessages.invitationNotFound });
  await mailInvitation(context, {
    subaccountId: options.subaccountId,
    email: row.email,
    role: row.role as Role,
    token,
    invitedByUserId: options.invitedByUserId,
  });
}

/** Revokes a pending invitation: its link stops working at once. */
export async function revokeInvitation(options: { db: Database; subaccountId: string; invitationId: string }) {
  const rows = await options.db
    .update(teamInvitation)
    .set({ status: 'revoked' })
    .where(
      and(
        eq(teamInvitation.id, options.invitationId),
        eq(teamInvitation.subaccountId, options.subaccountId),
        eq(teamInvitation.status, 'pending'),
      ),
    )
    .returning({ id: teamInvitation.id });
  if (rows.length === 0) throw new AppError('NOT_FOUND', { message: teamMessages.invitationNotFound });
}
