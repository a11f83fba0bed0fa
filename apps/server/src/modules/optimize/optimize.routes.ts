import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OFFLINE_RESPONDER_NOTICE } from '@agentry/core/llm';
import {
  AcceptProposalBody,
  CreateProposalsBody,
  ListProposalsQuery,
  ListProposalsReply,
  MentorThreadQuery,
  MentorThreadReply,
  ProposalParams,
  ProposalReply,
  SendMentorMessageBody,
  SendMentorMessageReply,
} from '@agentry/core/optimize';
import { requireSession, signedInUser } from '../auth/guards';
import { getAgentForMemberOrThrow } from '../agents/get-agent-for-member-or-throw';
import { getRunForMemberOrThrow } from '../evaluation/get-run-for-member-or-throw';
import { createProposals } from './create-proposals';
import { getMentorThread } from './get-mentor-thread';
import { listProposals, type ListedProposals } from './list-proposals';
import { sendMentorMessage } from './send-mentor-message';
import { acceptProposal } from './accept-proposal';
import { getProposalForMemberOrThrow } from './get-proposal-for-member-or-throw';
import { refreshTrial } from './refresh-trial';
import { rejectProposal } from './reject-proposal';
import { reviewProposal } from './review-proposal';
import { toProposal } from './to-proposal';
import { tryProposal } from './try-proposal';

const tags = ['optimize'];

function toListReply({ proposals, unwritten }: ListedProposals): ListProposalsReply {
  return {
    proposals,
    unwritten,
    offlineNotice: proposals.some((proposal) => proposal.isOffline) ? OFFLINE_RESPONDER_NOTICE : null,
  };
}

/**
 * Optimize & Improve (proposals for a run's failures, tried on a candidate version) and the AI
 * Mentor (docs/product/optimize-and-mentor.md). Runs and agents addressed by id check the
 * caller's membership of their sub account; another tenant's look missing.
 */
export function registerOptimizeRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.platform.database;
  const { config, queue, cache } = app.platform;
  const userIdOf = (request: Parameters<typeof signedInUser>[0]) => signedInUser(request).id;

  app.get(
    '/api/optimize/proposals',
    {
      preHandler: requireSession,
      schema: { tags, querystring: ListProposalsQuery, response: { 200: ListProposalsReply } },
    },
    async (request) => {
      const run = await getRunForMemberOrThrow({
        db,
        runId: request.query.runId,
        userId: userIdOf(request),
        action: 'optimize.read',
      });
      return toListReply(await listProposals({ db, subaccountId: run.subaccountId, runId: run.id }));
    },
  );

  app.post(
    '/api/optimize/proposals',
    { preHandler: requireSession, schema: { tags, body: CreateProposalsBody, response: { 201: ListProposalsReply } } },
    async (request, reply) => {
      const userId = userIdOf(request);
      const run = await getRunForMemberOrThrow({ db, runId: request.body.runId, userId, action: 'optimize.propose' });
      const proposals = await createProposals({ db, config, logger: request.log, run, userId });
      return reply.status(201).send(toListReply(proposals));
    },
  );

  app.get(
    '/api/optimize/proposals/:proposalId',
    { preHandler: requireSession, schema: { tags, params: ProposalParams, response: { 200: ProposalReply } } },
    async (request, reply) => {
      const proposal = await getProposalForMemberOrThrow({
        db,
        proposalId: request.params.proposalId,
        userId: userIdOf(request),
        action: 'optimize.read',
      });
      return reply
        .header('cache-control', 'no-store')
        .send({ proposal: await reviewProposal({ db, proposal: await refreshTrial({ db, proposal }) }) });
    },
  );

  app.post(
    '/api/optimize/proposals/:proposalId/try',
    { preHandler: requireSession, schema: { tags, params: ProposalParams, response: { 202: ProposalReply } } },
    async (request, reply) => {
      const userId = userIdOf(request);
      const proposal = await getProposalForMemberOrThrow({
        db,
        proposalId: request.params.proposalId,
        userId,
        action: 'optimize.try',
      });
      const tried = await tryProposal({ db, config, queue, proposal, userId });
      return reply.status(202).send({ proposal: toProposal(tried) });
    },
  );

  app.post(
    '/api/optimize/proposals/:proposalId/accept',
    {
      preHandler: requireSession,
      schema: { tags, params: ProposalParams, body: AcceptProposalBody, response: { 200: ProposalReply } },
    },
    async (request) => {
      const userId = userIdOf(request);
      const proposal = await refreshTrial({
        db,
        proposal: await getProposalForMemberOrThrow({
          db,
          proposalId: request.params.proposalId,
          userId,
          action: request.body.overrideNote ? 'agent.publish.override' : 'agent.publish',
        }),
      });
      const accepted = await acceptProposal({
        db,
        config,
        queue,
        cache,
        proposal,
        userId,
        overrideNote: request.body.overrideNote,
      });
      return { proposal: toProposal(accepted) };
    },
  );

  app.post(
    '/api/optimize/proposals/:proposalId/reject',
    { preHandler: requireSession, schema: { tags, params: ProposalParams, response: { 200: ProposalReply } } },
    async (request) => {
      const userId = userIdOf(request);
      const proposal = await refreshTrial({
        db,
        proposal: await getProposalForMemberOrThrow({
          db,
          proposalId: request.params.proposalId,
          userId,
          action: 'optimize.decide',
        }),
      });
      return { proposal: toProposal(await rejectProposal({ db, proposal, userId })) };
    },
  );

  app.get(
    '/api/mentor/thread',
    {
      preHandler: requireSession,
      schema: { tags, querystring: MentorThreadQuery, response: { 200: MentorThreadReply } },
    },
    async (request, reply) => {
      const userId = userIdOf(request);
      const agentRow = await getAgentForMemberOrThrow({
        db,
        agentId: request.query.agentId,
        userId,
        action: 'mentor.read',
      });
      return reply.header('cache-control', 'no-store').send(await getMentorThread({ db, agent: agentRow, userId }));
    },
  );

  app.post(
    '/api/mentor/messages',
    {
      preHandler: requireSession,
      schema: { tags, body: SendMentorMessageBody, response: { 200: SendMentorMessageReply } },
    },
    async (request) => {
      const userId = userIdOf(request);
      const agentRow = await getAgentForMemberOrThrow({
        db,
        agentId: request.body.agentId,
        userId,
        action: 'mentor.chat',
      });
      return sendMentorMessage({
        db,
        config,
        logger: request.log,
        agent: agentRow,
        userId,
        message: request.body.message,
      });
    },
  );
}
