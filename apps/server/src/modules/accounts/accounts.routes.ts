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
import { requirePermission, requireSession, signedInUser } from '../auth/guards';
import { assertCanCreateSubaccount } from '../billing/resolve-capabilities';
import { user, userProfile } from '../auth/auth.tables';
import { createSubaccount } from './create-subaccount';
import { getMembershipOrThrow, type UnknownRoleLog } from './get-membership-or-throw';
import { listSubaccounts } from './list-subaccounts';
import { getSubaccountTheme, updateSubaccountTheme } from './subaccount-theme';

const SubaccountParams = z.object({ subaccountId: z.string().min(1) });

export function registerAccountRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.platform.database;

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
      await assertCanCreateSubaccount({ db, userId });
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
}
