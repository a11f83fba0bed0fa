import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasRoleFor } from '@agentry/core/permissions';
import {
  AcceptInvitationReply,
  ChangeRoleBody,
  InvitationPreview,
  InvitationSignInReply,
  InviteMemberBody,
  TeamReply,
} from '@agentry/core/team';
import { enforceRateLimit } from '../../platform/http/rate-limit';
import { authorize } from '../auth/authorize';
import { requirePermission, requireSession, signedInUser } from '../auth/guards';
import { limitSignInEmails } from '../auth/limit-sign-in-emails';
import { toFetchHeaders } from '../auth/to-fetch-headers';
import { acceptInvitation, findLiveInvitation, toInvitationPreview, userExists } from './accept-invitation';
import { listTeam } from './list-team';
import { inviteMember, resendInvitation, revokeInvitation } from './manage-invitations';
import { changeMemberRole, leaveSubaccount, removeMember } from './manage-members';
import { toClientNetwork } from '../../platform/http/to-client-network';

const SubaccountParams = z.object({ subaccountId: z.string().min(1) });
const InvitationParams = SubaccountParams.extend({ invitationId: z.string().min(1) });
const MemberParams = SubaccountParams.extend({ memberId: z.string().min(1) });
const TokenParams = z.object({ token: z.string().min(1).max(200) });
const Ok = z.object({ ok: z.literal(true) });

/** docs/product/accounts-and-team.md#team: members, invitations, roles. */
export function registerTeamRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.platform.database;
  const { config, mailer, cache } = app.platform;
  const mailContext = { db, mailer, publicUrl: config.publicUrl };

  app.get(
    '/api/subaccounts/:subaccountId/team',
    {
      preHandler: requirePermission('team.read'),
      schema: { tags: ['team'], params: SubaccountParams, response: { 200: TeamReply } },
    },
    async (request) => {
      const userId = signedInUser(request).id;
      const { subaccountId } = request.params;
      // The role is read again here (not cached): invitations are for those who manage the team.
      const { permissionRole } = await authorize({ db, subaccountId, userId, action: 'team.read' });
      return listTeam({ db, subaccountId, userId, includeInvitations: hasRoleFor(permissionRole, 'team.manage') });
    },
  );

  app.post(
    '/api/subaccounts/:subaccountId/team/invitations',
    {
      preHandler: requirePermission('team.manage'),
      schema: { tags: ['team'], params: SubaccountParams, body: InviteMemberBody, response: { 201: Ok } },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      await enforceRateLimit({ cache, key: `team-invite:${user.id}`, limit: 30, windowMs: 60 * 60_000 });
      await inviteMember(mailContext, {
        subaccountId: request.params.subaccountId,
        email: request.body.email,
        role: request.body.role,
        invitedByUserId: user.id,
      });
      return reply.code(201).send({ ok: true as const });
    },
  );

  app.post(
    '/api/subaccounts/:subaccountId/team/invitations/:invitationId/resend',
    {
      preHandler: requirePermission('team.manage'),
      schema: { tags: ['team'], params: InvitationParams, response: { 200: Ok } },
    },
    async (request) => {
      const user = signedInUser(request);
      await enforceRateLimit({ cache, key: `team-invite:${user.id}`, limit: 30, windowMs: 60 * 60_000 });
      await resendInvitation(mailContext, { ...request.params, invitedByUserId: user.id });
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/subaccounts/:subaccountId/team/invitations/:invitationId',
    {
      preHandler: requirePermission('team.removeAccess'),
      schema: { tags: ['team'], params: InvitationParams, response: { 200: Ok } },
    },
    async (request) => {
      await revokeInvitation({ db, ...request.params });
      return { ok: true as const };
    },
  );

  app.patch(
    '/api/subaccounts/:subaccountId/team/members/:memberId',
    {
      // Every role change needs an admin; raising one (granting access) is checked again inside.
      preHandler: requirePermission('team.removeAccess'),
      schema: { tags: ['team'], params: MemberParams, body: ChangeRoleBody, response: { 200: Ok } },
    },
    async (request) => {
      const byUserId = signedInUser(request).id;
      await changeMemberRole({ db, ...request.params, role: request.body.role, byUserId });
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/subaccounts/:subaccountId/team/members/:memberId',
    {
      preHandler: requirePermission('team.removeAccess'),
      schema: { tags: ['team'], params: MemberParams, response: { 200: Ok } },
    },
    async (request) => {
      await removeMember({ db, cache, ...request.params });
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/me/subaccounts/:subaccountId',
    {
      preHandler: requirePermission('team.leave'),
      schema: { tags: ['team'], params: SubaccountParams, response: { 200: Ok } },
    },
    async (request) => {
      await leaveSubaccount({
        db,
        cache,
        subaccountId: request.params.subaccountId,
        userId: signedInUser(request).id,
      });
      return { ok: true as const };
    },
  );

  app.get(
    '/api/invitations/:token',
    { schema: { tags: ['team'], params: TokenParams, response: { 200: InvitationPreview } } },
    async (request) => {
      await enforceRateLimit({
        cache,
        key: `invitation-lookup:${toClientNetwork(request.ip)}`,
        limit: 30,
        windowMs: 60_000,
      });
      return toInvitationPreview(await findLiveInvitation(db, request.params.token));
    },
  );

  app.post(
    '/api/invitations/:token/sign-in',
    { schema: { tags: ['team'], params: TokenParams, response: { 200: InvitationSignInReply } } },
    async (request) => {
      await enforceRateLimit({
        cache,
        key: `invitation-lookup:${toClientNetwork(request.ip)}`,
        limit: 30,
        windowMs: 60_000,
      });
      const invitation = await findLiveInvitation(db, request.params.token);
      const { email } = invitation;
      await limitSignInEmails({ cache, limits: config.signIn, email, ip: request.ip });
      const callbackURL = `/invite/${encodeURIComponent(request.params.token)}`;
      const start = () =>
        app.authService.auth.api.signInMagicLink({
          body: { email, callbackURL },
          headers: toFetchHeaders(request.headers),
        });
      // The link reached the invited mailbox, so it signs a new address up at once. An existing
      // account is never signed in by an invitation link: it gets the usual sign-in e-mail.
      if (await userExists(db, email)) {
        await start();
        return { mailed: true as const };
      }
      return { redirectUrl: await app.authService.captureMagicLink(email, start) };
    },
  );

  app.post(
    '/api/invitations/:token/accept',
    {
      preHandler: requireSession,
      schema: { tags: ['team'], params: TokenParams, response: { 200: AcceptInvitationReply } },
    },
    async (request) => {
      const user = signedInUser(request);
      return acceptInvitation({
        db,
        token: request.params.token,
        userId: user.id,
        email: user.email,
        isEmailVerified: user.emailVerified,
      });
    },
  );
}
