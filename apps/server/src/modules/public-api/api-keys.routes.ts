import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiKey, CreateApiKeyBody, CreatedApiKeyReply } from '@agentry/core/llm';
import { requirePermission, signedInUser } from '../auth/guards';
import { createApiKey } from './create-api-key';
import { listApiKeys } from './list-api-keys';
import { revokeApiKey } from './revoke-api-key';

const SubaccountParams = z.object({ subaccountId: z.string().min(1) });
const tags = ['public-api'];

/** The API Key page: create (secret shown once), list and revoke a sub account's keys. */
export function registerApiKeyRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.platform.database;
  const { cache } = app.platform;
  const base = '/api/subaccounts/:subaccountId/api-keys';

  app.get(
    base,
    {
      preValidation: requirePermission('apiKey.read'),
      schema: { tags, params: SubaccountParams, response: { 200: z.object({ keys: z.array(ApiKey) }) } },
    },
    async (request) => ({
      keys: await listApiKeys({ db, subaccountId: request.params.subaccountId }),
    }),
  );

  app.post(
    base,
    {
      preValidation: requirePermission('apiKey.manage'),
      schema: { tags, params: SubaccountParams, body: CreateApiKeyBody, response: { 201: CreatedApiKeyReply } },
    },
    async (request, reply) => {
      const created = await createApiKey({
        db,
        subaccountId: request.params.subaccountId,
        userId: signedInUser(request).id,
        name: request.body.name,
      });
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.delete(
    `${base}/:keyId`,
    {
      preValidation: requirePermission('apiKey.manage'),
      schema: { tags, params: SubaccountParams.extend({ keyId: z.string().min(1) }), response: { 204: z.null() } },
    },
    async (request, reply) => {
      await revokeApiKey({ db, cache, subaccountId: request.params.subaccountId, keyId: request.params.keyId });
      return reply.status(204).send(null);
    },
  );
}
