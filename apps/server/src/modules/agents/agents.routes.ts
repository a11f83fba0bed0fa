import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Agent,
  AgentJob,
  AgentParams,
  AgentWebhook,
  CreateAgentBody,
  CreateAgentFromIdeaBody,
  CreateAgentFromIdeaReply,
  ListAgentsQuery,
  ListAgentsReply,
  ListBuildsReply,
  UpdateAgentBody,
} from '@agentry/core/agents';
import { authorize } from '../auth/authorize';
import { requirePermission, requireSession, signedInUser } from '../auth/guards';
import { createAgent } from './create-agent';
import { createAgentFromIdea } from './create-agent-from-idea';
import { AGENTS_SCOPE } from './agents-cache-scope';
import { canUserSeeToolCredentials } from './can-user-see-tool-credentials';
import { deleteAgent } from './delete-agent';
import { getActiveSubaccountId } from './get-active-subaccount-id';
import { getAgentForMemberOrThrow } from './get-agent-for-member-or-throw';
import { getAgentJobOrThrow } from './get-agent-job';
import { getAgentRowOrThrow } from './get-agent-or-throw';
import { listAgents } from './list-agents';
import { canActionSeeToolCredentials, canRoleSeeToolCredentials } from './mask-tool-credentials';
import { rotateWebhookSecret } from './rotate-webhook-secret';
import { startAgentBuildSweeper } from './sweep-agent-builds';
import { toAgent } from './to-agent';
import { updateAgent } from './update-agent';

const SubaccountParams = z.object({ subaccountId: z.string().min(1) });
const tags = ['agents'];

export function registerAgentRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.platform.database;
  const { config, cache } = app.platform;
  const webhookUrl = (agentId: string) => `${config.publicUrl}/webhook/${agentId}`;
  // Tool header values go to callers the permission table lets see credentials (mask-tool-credentials.ts).
  const canSeeCredentials = (request: FastifyRequest & { params: { subaccountId: string } }) =>
    canUserSeeToolCredentials({
      db,
      subaccountId: request.params.subaccountId,
      userId: signedInUser(request).id,
      log: request.log,
    });
  // Builds lost by the queue are queued again, or given up, from here on (no agent stays 'creating').
  startAgentBuildSweeper(root);

  app.get(
    '/api/subaccounts/:subaccountId/agents',
    {
      preValidation: requirePermission('agent.read'),
      schema: { tags, params: SubaccountParams, querystring: ListAgentsQuery, response: { 200: ListAgentsReply } },
    },
    async (request) => ({
      agents: await listAgents({
        db,
        subaccountId: request.params.subaccountId,
        search: request.query.search,
        canSeeCredentials: await canSeeCredentials(request),
      }),
    }),
  );

  app.post(
    '/api/subaccounts/:subaccountId/agents',
    {
      preValidation: requirePermission('agent.create'),
      schema: { tags, params: SubaccountParams, body: CreateAgentBody, response: { 201: Agent } },
    },
    async (request, reply) => {
      const created = await createAgent({
        db,
        config,
        subaccountId: request.params.subaccountId,
        userId: signedInUser(request).id,
        body: request.body,
        canSeeCredentials: canActionSeeToolCredentials('agent.create'),
      });
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/api/subaccounts/:subaccountId/agents/from-idea',
    {
      preValidation: requirePermission('agent.build'),
      schema: {
        tags,
        params: SubaccountParams,
        body: CreateAgentFromIdeaBody,
        response: { 202: CreateAgentFromIdeaReply },
      },
    },
    async (request, reply) => {
      const started = await createAgentFromIdea({
        db,
        config,
        queue: app.platform.queue,
        subaccountId: request.params.subaccountId,
        userId: signedInUser(request).id,
        idea: request.body.idea,
        logger: request.log,
      });
      return reply.status(202).send(started);
    },
  );

  app.get(
    '/api/subaccounts/:subaccountId/agents/:agentId',
    { preValidation: requirePermission('agent.read'), schema: { tags, params: AgentParams, response: { 200: Agent } } },
    async (request) =>
      toAgent(
        await getAgentRowOrThrow({ db, agentId: request.params.agentId, subaccountId: request.params.subaccountId }),
        { canSeeCredentials: await canSeeCredentials(request) },
      ),
  );

  app.patch(
    '/api/subaccounts/:subaccountId/agents/:agentId',
    {
      preValidation: requirePermission('agent.update'),
      schema: { tags, params: AgentParams, body: UpdateAgentBody, response: { 200: Agent } },
    },
    async (request) => {
      const updated = await updateAgent({
        db,
        config,
        subaccountId: request.params.subaccountId,
        agentId: request.params.agentId,
        userId: signedInUser(request).id,
        body: request.body,
        canSeeCredentials: canActionSeeToolCredentials('agent.update'),
      });
      await cache.forget(AGENTS_SCOPE);
      return updated;
    },
  );

  app.delete(
    '/api/subaccounts/:subaccountId/agents/:agentId',
    {
      preValidation: requirePermission('agent.delete'),
      schema: { tags, params: AgentParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteAgent({ db, subaccountId: request.params.subaccountId, agentId: request.params.agentId });
      await cache.forget(AGENTS_SCOPE);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/subaccounts/:subaccountId/agents/:agentId/webhook',
    {
      preValidation: requirePermission('agent.webhook.read'),
      schema: { tags, params: AgentParams, response: { 200: AgentWebhook } },
    },
    async (request) => {
      const row = await getAgentRowOrThrow({
        db,
        agentId: request.params.agentId,
        subaccountId: request.params.subaccountId,
      });
      return { url: webhookUrl(row.id), secret: row.webhookSecret };
    },
  );

  app.post(
    '/api/subaccounts/:subaccountId/agents/:agentId/webhook/rotate',
    {
      preValidation: requirePermission('agent.webhook.rotate'),
      schema: { tags, params: AgentParams, response: { 200: AgentWebhook } },
    },
    async (request) => {
      const secret = await rotateWebhookSecret({
        db,
        subaccountId: request.params.subaccountId,
        agentId: request.params.agentId,
      });
      return { url: webhookUrl(request.params.agentId), secret };
    },
  );

  app.get(
    '/api/agent/jobs/:jobId',
    {
      preHandler: requireSession,
      schema: { tags, params: z.object({ jobId: z.string().min(1) }), response: { 200: AgentJob } },
    },
    async (request, reply) => {
      const job = await getAgentJobOrThrow({
        db,
        jobId: request.params.jobId,
        userId: signedInUser(request).id,
        log: request.log,
      });
      return reply.header('cache-control', 'no-store').send(job);
    },
  );

  // docs/product/agents.md#routes: the builds of the caller's active sub account, and one build by id.
  app.get(
    '/api/builds',
    { preHandler: requireSession, schema: { tags, response: { 200: ListBuildsReply } } },
    async (request) => {
      const userId = signedInUser(request).id;
      const subaccountId = await getActiveSubaccountId({ db, userId, log: request.log });
      if (!subaccountId) return { builds: [] };
      // The sub account is known only once the session is: the permission table is asked here.
      const { permissionRole } = await authorize({ db, subaccountId, userId, action: 'agent.read', log: request.log });
      return {
        builds: await listAgents({ db, subaccountId, canSeeCredentials: canRoleSeeToolCredentials(permissionRole) }),
      };
    },
  );

  app.get(
    '/api/builds/:buildId',
    {
      preHandler: requireSession,
      schema: { tags, params: z.object({ buildId: z.string().min(1) }), response: { 200: Agent } },
    },
    async (request) => {
      const row = await getAgentForMemberOrThrow({
        db,
        agentId: request.params.buildId,
        userId: signedInUser(request).id,
        action: 'agent.read',
      });
      const canSeeCredentials = await canUserSeeToolCredentials({
        db,
        subaccountId: row.subaccountId,
        userId: signedInUser(request).id,
        log: request.log,
      });
      return toAgent(row, { canSeeCredentials });
    },
  );
}
