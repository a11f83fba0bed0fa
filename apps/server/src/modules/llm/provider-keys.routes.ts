import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateProviderKeyBody,
  ProviderKey,
  TestProviderKeyBody,
  TestProviderKeyReply,
  UpdateProviderKeyBody,
} from '@agentry/core/llm';
import { requirePermission, signedInUser } from '../auth/guards';
import { createProviderKey } from './create-provider-key';
import { deleteProviderKey } from './delete-provider-key';
import { listProviderKeys } from './list-provider-keys';
import { PROVIDER_KEYS_SCOPE } from './resolve-model-route';
import { testProviderKey } from './test-provider-key';
import { updateProviderKey } from './update-provider-key';

const SubaccountParams = z.object({ subaccountId: z.string().min(1) });
const KeyParams = SubaccountParams.extend({ keyId: z.string().min(1) });
const tags = ['llm'];

/** Settings: the sub account's own provider keys. Admins manage them; a key is never answered back. */
export function registerProviderKeyRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.platform.database;
  const { config, cache } = app.platform;
  const base = '/api/subaccounts/:subaccountId/provider-keys';

  app.get(
    base,
    {
      preValidation: requirePermission('providerKey.read'),
      schema: { tags, params: SubaccountParams, response: { 200: z.object({ keys: z.array(ProviderKey) }) } },
    },
    async (request) => ({
      keys: await listProviderKeys({ db, subaccountId: request.params.subaccountId }),
    }),
  );

  app.post(
    base,
    {
      preValidation: requirePermission('providerKey.manage'),
      schema: { tags, params: SubaccountParams, body: CreateProviderKeyBody, response: { 201: ProviderKey } },
    },
    async (request, reply) => {
      const created = await createProviderKey({
        db,
        config,
        subaccountId: request.params.subaccountId,
        userId: signedInUser(request).id,
        body: request.body,
      });
      await cache.forget(PROVIDER_KEYS_SCOPE);
      return reply.status(201).send(created);
    },
  );

  app.put(
    `${base}/:keyId`,
    {
      preValidation: requirePermission('providerKey.manage'),
      schema: { tags, params: KeyParams, body: UpdateProviderKeyBody, response: { 200: ProviderKey } },
    },
    async (request) => {
      const updated = await updateProviderKey({
        db,
        config,
        subaccountId: request.params.subaccountId,
        keyId: request.params.keyId,
        body: request.body,
      });
      await cache.forget(PROVIDER_KEYS_SCOPE);
      return updated;
    },
  );

  app.delete(
    `${base}/:keyId`,
    {
      preValidation: requirePermission('providerKey.manage'),
      schema: { tags, params: KeyParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteProviderKey({ db, subaccountId: request.params.subaccountId, keyId: request.params.keyId });
      await cache.forget(PROVIDER_KEYS_SCOPE);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${base}/:keyId/test`,
    {
      preValidation: requirePermission('providerKey.manage'),
      schema: { tags, params: KeyParams, body: TestProviderKeyBody, response: { 200: TestProviderKeyReply } },
    },
    (request) =>
      testProviderKey({
        db,
        config,
        subaccountId: request.params.subaccountId,
        keyId: request.params.keyId,
        model: request.body?.model ?? undefined,
      }),
  );
}
