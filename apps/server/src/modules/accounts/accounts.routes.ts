import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateSubaccountBody,
  MeReply,
  PatchSubaccountThemeBody,
  Subaccount,
  SubaccountTheme,
} from '@agentry/core/auth';
import {
  ConnectionSummariesReply,
  DeleteSubaccountBody,
  PatchSubaccountBody,
  PutWhiteLabelBody,
  SubaccountDeletionSummary,
  SubaccountProfile,
} from '@agentry/core/subaccounts';
import { authorize } from '../auth/authorize';
import { requirePermission, requireSession, signedInUser } from '../auth/guards';
import { user, userProfile } from '../auth/auth.tables';
import { listConnectionSummaries } from '../channels/list-connection-summaries';
import { AGENTS_SCOPE } from '../agents/agents-cache-scope';
import { PROVIDER_KEYS_SCOPE } from '../llm/resolve-model-route';
import { API_KEYS_SCOPE } from '../public-api/authenticate-api-key';
import { createSubaccount } from './create-subaccount';
import { deleteSubaccount, summarizeSubaccountDeletion } from './delete-subaccount';
import { getSubaccountProfile } from './get-subaccount-profile';
import { updateSubaccountProfile, updateWhiteLabel } from './update-subaccount-profile';
import { getMembershipOrThrow, type UnknownRoleLog } from './get-membership-or-throw';
import { listSubaccounts } from './list-subaccounts';
import { getSubaccountTheme, updateSubaccountTheme } from './subaccount-theme';

const SubaccountParams = z.object({ subaccountId: z.string().min(1) });

export function registerAccountRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.platform.database;
  const { cache } = app.platform;

  async function readMe(userId: string, log: UnknownRoleLog): Promise<MeReply> {
    const [row] = await db
      .select({
        id: user.id,
        email: user.email,
        name: user.name,
        image: user.image,
        activeSubaccountId: userProfile.activeSubaccountId,
      })
      .from(user)
      .leftJoin(userProfile, eq(userProfile.userId, user.id))
      .where(eq(user.id, userId))
      .limit(1);
    if (!row) throw new Error('Signed-in user has no row');
    const subaccounts = await listSubaccounts({ db, userId, log });
    const activeSubaccountId = subaccounts.some((entry) => entry.id === row.activeSubaccountId)
      ? (row.activeSubaccountId ?? null)
      : (subaccounts[0]?.id ?? null);
    return {
      user: { id: row.id, email: row.email, name: row.name, image: row.image },
      subaccounts,
      activeSubaccountId,
    };
  }

  app.get(
    '/api/me',
    { preHandler: requireSession, schema: { tags: ['accounts'], response: { 200: MeReply } } },
    (request) => readMe(signedInUser(request).id, request.log),
  );

  app.patch(
    '/api/me',
    {
      preHandler: requireSession,
      schema: {
        tags: ['accounts'],
        body: z.object({ name: z.string().trim().min(1, 'Name is required').max(80) }),
        response: { 200: MeReply },
      },
    },
    async (request) => {
      const { id } = signedInUser(request);
      await db.update(user).set({ name: request.body.name, updatedAt: new Date() }).where(eq(user.id, id));
      return readMe(id, request.log);
    },
  );

  app.patch(
    '/api/me/active-subaccount',
    {
      preHandler: requireSession,
      schema: { tags: ['accounts'], body: z.object({ subaccountId: z.string().min(1) }), response: { 200: MeReply } },
    },
    async (request) => {
      const { id } = signedInUser(request);
      await getMembershipOrThrow({ db, subaccountId: request.body.subaccountId, userId: id, log: request.log });
      await db
        .insert(userProfile)
        .values({ userId: id, activeSubaccountId: request.body.subaccountId })
        .onConflictDoUpdate({
          target: userProfile.userId,
          set: { activeSubaccountId: request.body.subaccountId, updatedAt: new Date() },
        });
      return readMe(id, request.log);
    },
  );

  app.get(
    '/api/subaccounts',
    {
      preHandler: requireSession,
      schema: { tags: ['accounts'], response: { 200: z.object({ subaccounts: z.array(Subaccount) }) } },
    },
    async (request) => ({
      subaccounts: await listSubaccounts({ db, userId: signedInUser(request).id, log: request.log }),
    }),
  );

  app.post(
    '/api/subaccounts',
    {
      preHandler: requireSession,
      schema: { tags: ['accounts'], body: CreateSubaccountBody, response: { 201: Subaccount } },
    },
    async (request, reply) => {
      const userId = signedInUser(request).id;
      const created = await createSubaccount({ db, userId, name: request.body.name });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/subaccounts/:subaccountId/theme',
    {
      preValidation: requirePermission('subaccount.read'),
      schema: { tags: ['accounts'], params: SubaccountParams, response: { 200: SubaccountTheme } },
    },
    (request) => getSubaccountTheme({ db, subaccountId: request.params.subaccountId }),
  );

  app.patch(
    '/api/subaccounts/:subaccountId/theme',
    {
      preValidation: requirePermission('subaccount.update'),
      schema: {
        tags: ['accounts'],
        params: SubaccountParams,
        body: PatchSubaccountThemeBody,
        response: { 200: SubaccountTheme },
      },
    },
    (request) => updateSubaccountTheme({ db, subaccountId: request.params.subaccountId, patch: request.body }),
  );

  async function readProfile(request: { params: { subaccountId: string }; log: UnknownRoleLog }, userId: string) {
    const { subaccountId } = request.params;
    const { permissionRole } = await authorize({
      db,
      subaccountId,
      userId,
      action: 'subaccount.read',
      log: request.log,
    });
    return getSubaccountProfile({ db, subaccountId, permissionRole });
  }

  app.get(
    '/api/subaccounts/:subaccountId/profile',
    {
      preValidation: requirePermission('subaccount.read'),
      schema: { tags: ['accounts'], params: SubaccountParams, response: { 200: SubaccountProfile } },
    },
    (request) => readProfile(request, signedInUser(request).id),
  );

  app.patch(
    '/api/subaccounts/:subaccountId',
    {
      preValidation: requirePermission('subaccount.manage'),
      schema: {
        tags: ['accounts'],
        params: SubaccountParams,
        body: PatchSubaccountBody,
        response: { 200: SubaccountProfile },
      },
    },
    async (request) => {
      await updateSubaccountProfile({ db, subaccountId: request.params.subaccountId, patch: request.body });
      return readProfile(request, signedInUser(request).id);
    },
  );

  app.put(
    '/api/subaccounts/:subaccountId/white-label',
    {
      preValidation: requirePermission('subaccount.whitelabel'),
      schema: {
        tags: ['accounts'],
        params: SubaccountParams,
        body: PutWhiteLabelBody,
        response: { 200: SubaccountProfile },
      },
    },
    async (request) => {
      await updateWhiteLabel({ db, subaccountId: request.params.subaccountId, whiteLabel: request.body });
      return readProfile(request, signedInUser(request).id);
    },
  );

  app.get(
    '/api/subaccounts/:subaccountId/deletion-summary',
    {
      preValidation: requirePermission('subaccount.delete'),
      schema: { tags: ['accounts'], params: SubaccountParams, response: { 200: SubaccountDeletionSummary } },
    },
    (request) => summarizeSubaccountDeletion({ db, subaccountId: request.params.subaccountId }),
  );

  app.delete(
    '/api/subaccounts/:subaccountId',
    {
      preValidation: requirePermission('subaccount.delete'),
      schema: { tags: ['accounts'], params: SubaccountParams, body: DeleteSubaccountBody },
    },
    async (request, reply) => {
      await deleteSubaccount({ db, subaccountId: request.params.subaccountId, userId: signedInUser(request).id });
      // What the chat paths remember of its agents, widgets, provider keys and API keys goes with it, on every instance.
      await Promise.all([AGENTS_SCOPE, PROVIDER_KEYS_SCOPE, API_KEYS_SCOPE].map((scope) => cache.forget(scope)));
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/subaccounts/:subaccountId/connection-summaries',
    {
      preValidation: requirePermission('channel.read'),
      schema: { tags: ['accounts'], params: SubaccountParams, response: { 200: ConnectionSummariesReply } },
    },
    async (request) => ({
      connections: await listConnectionSummaries({ db, subaccountId: request.params.subaccountId }),
    }),
  );
}
