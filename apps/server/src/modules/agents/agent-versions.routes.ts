import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AgentVersion,
  AgentVersionParams,
  ListAgentVersionsReply,
  PublishAgentVersionBody,
  PublishAgentVersionReply,
  RestoreAgentVersionBody,
} from '@agentry/core/agent-versions';
import { AgentParams } from '@agentry/core/agents';
import { requirePermission, signedInUser } from '../auth/guards';
import { getAgentRowOrThrow } from './get-agent-or-throw';
import { getAgentVersionRowOrThrow } from './get-agent-version-or-throw';
import { listAgentVersions } from './list-agent-versions';
import { publishAgentVersion } from './publish-agent-version';
import { restoreAgentVersion } from './restore-agent-version';
import { toAgentVersion } from './to-agent-version';

const tags = ['agents'];

/** An agent's versions (docs/product/agents.md#versions): history, publish, restore. */
export function registerAgentVersionRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.platform.database;
  const { cache } = app.platform;
  const base = '/api/subaccounts/:subaccountId/agents/:agentId/versions';

  app.get(
    base,
    {
      preValidation: requirePermission('agent.read'),
      schema: { tags, params: AgentParams, response: { 200: ListAgentVersionsReply } },
    },
    async (request) => listAgentVersions({ db, ...request.params }),
  );

  app.get(
    `${base}/:versionId`,
    {
      preValidation: requirePermission('agent.read'),
      schema: { tags, params: AgentVersionParams, response: { 200: AgentVersion } },
    },
    async (request) => {
      const { subaccountId, agentId, versionId } = request.params;
      await getAgentRowOrThrow({ db, agentId, subaccountId });
      return toAgentVersion(await getAgentVersionRowOrThrow({ db, agentId, versionId }));
    },
  );

  app.post(
    `${base}/:versionId/publish`,
    {
      preValidation: requirePermission('agent.publish'),
      schema: {
        tags,
        params: AgentVersionParams,
        body: PublishAgentVersionBody.optional(),
        response: { 200: PublishAgentVersionReply },
      },
    },
    async (request) => {
      const version = await publishAgentVersion({
        db,
        cache,
        ...request.params,
        userId: signedInUser(request).id,
      });
      return { version, gate: null };
    },
  );

  app.post(
    `${base}/:versionId/restore`,
    {
      preValidation: requirePermission('agent.update'),
      schema: {
        tags,
        params: AgentVersionParams,
        body: RestoreAgentVersionBody.optional(),
        response: { 201: AgentVersion },
      },
    },
    async (request, reply) => {
      const version = await restoreAgentVersion({
        db,
        ...request.params,
        userId: signedInUser(request).id,
        note: request.body?.note,
      });
      return reply.status(201).send(version);
    },
  );
}
