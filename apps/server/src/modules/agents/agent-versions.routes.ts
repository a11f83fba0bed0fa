import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AgentVersion,
  AgentVersionParams,
  ListAgentVersionsReply,
  AgentGateReply,
  OverrideGateBody,
  PublishAgentVersionReply,
  RestoreAgentVersionBody,
  UpdateAgentGateBody,
} from '@agentry/core/agent-versions';
import { AgentParams } from '@agentry/core/agents';
import { requirePermission, signedInUser } from '../auth/guards';
import { canUserSeeToolCredentials } from './can-user-see-tool-credentials';
import { getAgentRowOrThrow } from './get-agent-or-throw';
import { getAgentVersionRowOrThrow } from './get-agent-version-or-throw';
import { listAgentVersions } from './list-agent-versions';
import { canActionSeeToolCredentials } from './mask-tool-credentials';
import { getAgentGate, updateAgentGate } from './agent-gate';
import { publishThroughGate } from './publish-through-gate';
import { restoreAgentVersion } from './restore-agent-version';
import { toAgentVersion } from './to-agent-version';

const tags = ['agents'];

/** An agent's versions (docs/product/agents.md#versions): history, publish through the regression gate, restore. */
export function registerAgentVersionRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.platform.database;
  const { cache, config, queue } = app.platform;
  const base = '/api/subaccounts/:subaccountId/agents/:agentId/versions';

  app.get(
    base,
    {
      preValidation: requirePermission('agent.read'),
      schema: { tags, params: AgentParams, response: { 200: ListAgentVersionsReply } },
    },
    async (request) =>
      listAgentVersions({
        db,
        ...request.params,
        canSeeCredentials: await canUserSeeToolCredentials({
          db,
          subaccountId: request.params.subaccountId,
          userId: signedInUser(request).id,
          log: request.log,
        }),
      }),
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
      const version = await getAgentVersionRowOrThrow({ db, agentId, versionId });
      const userId = signedInUser(request).id;
      return toAgentVersion(version, {
        canSeeCredentials: await canUserSeeToolCredentials({ db, subaccountId, userId, log: request.log }),
      });
    },
  );

  app.post(
    `${base}/:versionId/publish`,
    {
      preValidation: requirePermission('agent.publish'),
      schema: { tags, params: AgentVersionParams, response: { 200: PublishAgentVersionReply } },
    },
    async (request) =>
      publishThroughGate({
        db,
        config,
        queue,
        cache,
        ...request.params,
        userId: signedInUser(request).id,
        canSeeCredentials: canActionSeeToolCredentials('agent.publish'),
      }),
  );

  app.post(
    `${base}/:versionId/publish/override`,
    {
      preValidation: requirePermission('agent.publish.override'),
      schema: { tags, params: AgentVersionParams, body: OverrideGateBody, response: { 200: PublishAgentVersionReply } },
    },
    async (request) =>
      publishThroughGate({
        db,
        config,
        queue,
        cache,
        ...request.params,
        userId: signedInUser(request).id,
        overrideNote: request.body.note,
        canSeeCredentials: canActionSeeToolCredentials('agent.publish.override'),
      }),
  );

  app.get(
    '/api/subaccounts/:subaccountId/agents/:agentId/gate',
    {
      preValidation: requirePermission('agent.read'),
      schema: { tags, params: AgentParams, response: { 200: AgentGateReply } },
    },
    async (request) => getAgentGate({ db, ...request.params }),
  );

  app.put(
    '/api/subaccounts/:subaccountId/agents/:agentId/gate',
    {
      preValidation: requirePermission('agent.gate.manage'),
      schema: { tags, params: AgentParams, body: UpdateAgentGateBody, response: { 200: AgentGateReply } },
    },
    async (request) =>
      updateAgentGate({ db, ...request.params, gate: request.body.gate, byUserId: signedInUser(request).id }),
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
        config,
        ...request.params,
        userId: signedInUser(request).id,
        note: request.body?.note,
        canSeeCredentials: canActionSeeToolCredentials('agent.update'),
      });
      return reply.status(201).send(version);
    },
  );
}
