import { z } from 'zod';
import { EmailInput, Role } from './auth';

const IsoDateTime = z.iso.datetime({ offset: true });

/** docs/product/accounts-and-team.md#team: an invitation link works for 7 days. */
export const INVITATION_TTL_DAYS = 7;

export const TeamMember = z.object({
  /** The membership's id (used to change the role or remove the person). */
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: Role,
  /** The agency user whose plan pays for the sub account; cannot be removed, demoted or leave. */
  isOwner: z.boolean(),
  isYou: z.boolean(),
  joinedAt: IsoDateTime,
});
export type TeamMember = z.infer<typeof TeamMember>;

export const TeamInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: Role,
  invitedByName: z.string().nullable(),
  sentAt: IsoDateTime,
  expiresAt: IsoDateTime,
  isExpired: z.boolean(),
});
export type TeamInvitation = z.infer<typeof TeamInvitation>;

export const TeamReply = z.object({
  members: z.array(TeamMember),
  /** Pending invitations; only admins see them (empty for everyone else). */
  invitations: z.array(TeamInvitation),
});
export type TeamReply = z.infer<typeof TeamReply>;

export const InviteMemberBody = z.object({ email: EmailInput, role: Role.default('member') });
export type InviteMemberBody = z.infer<typeof InviteMemberBody>;

export const ChangeRoleBody = z.object({ role: Role });
export type ChangeRoleBody = z.infer<typeof ChangeRoleBody>;

/** What the accept page shows about an invitation, to whoever holds its link. */
export const InvitationPreview = z.object({
  subaccountName: z.string(),
  invitedByName: z.string().nullable(),
  email: z.string(),
  role: Role,
  expiresAt: IsoDateTime,
});
export type InvitationPreview = z.infer<typeof InvitationPreview>;

/** Signed-out accept: a new address is signed in at once; an existing one gets a sign-in e-mail. */
export const InvitationSignInReply = z.union([
  z.object({ redirectUrl: z.string() }),
  z.object({ mailed: z.literal(true) }),
]);
export type InvitationSignInReply = z.infer<typeof InvitationSignInReply>;

export const AcceptInvitationReply = z.object({ subaccountId: z.string() });
export type AcceptInvitationReply = z.infer<typeof AcceptInvitationReply>;

/** Texts of the team rules (docs/product/accounts-and-team.md#team). */
export const teamMessages = {
  invitationInvalid: 'This invitation is no longer valid. Ask for a new one.',
  wrongAddress: 'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
  alreadyMember: 'This person is already a member of this sub account.',
  alreadyInvited: 'This address already has a pending invitation. Resend it instead.',
  lastAdmin: 'A sub account needs at least one admin. Make someone else an admin first.',
  owner: "The sub account's owner always stays an admin.",
  memberNotFound: 'Member not found',
  invitationNotFound: 'Invitation not found',
} as const;
