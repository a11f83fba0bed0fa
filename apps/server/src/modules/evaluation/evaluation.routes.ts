import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CancelEvaluationReply,
  CreateTemplateBody,
  CreateTemplateReply,
  EvaluationComparisonQuery,
  EvaluationComparisonReply,
  EvaluationConversationDetail,
  EvaluationConversationParams,
  EvaluationRunParams,
  EvaluationSummary,
  ExportEvaluationQuery,
  GenerateQuestionsBody,
  GenerateQuestionsReply,
  GetQuestionGenerationReply,
  ListEvaluationsReply,
  ListTemplatesReply,
  ListTestingModelsReply,
  OverrideVerdictBody,
  OverrideVerdictReply,
  QuestionGenerationParams,
  RunAssistantEvaluationBody,
  RunChatCompletionEvaluationBody,
  RunEvaluationReply,
  type EvaluationType,
} from '@agentry/core/evaluation';
import { contentDisposition } from '../files/content-disposition';
import { requireSession, signedInUser } from '../auth/guards';
import { cancelEvaluationRun } from './run/cancel-evaluation-run';
import { compareEvaluationRuns } from './results/compare-evaluation-runs';
import { createTemplate } from './settings/create-template';
import { exportEvaluationCsv } from './results/export-evaluation';
import { getActiveMembershipOrThrow } from './get-active-membership-or-throw';
import { getEvaluationConversation } from './results/get-evaluation-conversation';
import { getEvaluationSummary } from './results/get-evaluation-summary';
import { getQuestionGeneration } from './generation/get-question-generation';
import { getRunForMemberOrThrow } from './get-run-for-member-or-throw';
import { listConversationDetails } from './results/list-conversation-details';
import { listEvaluations } from './results/list-evaluations';
import { listTemplates } from './settings/list-templates';
import { listTestingModels } from './settings/list-testing-models';
import { isGateEvidence, overrideVerdict } from './results/override-verdict';
import { authorize } from '../auth/authorize';
import { startEvaluationRun } from './run/start-evaluation-run';
import { startQuestionGeneration } from './generation/start-question-generation';
import { streamEvaluationEvents } from './run/stream-evaluation-events';

const tags = ['evaluation'];

/**
 * The Bulk Tester (docs/product/evaluation.md#routes): templates, question generation, runs and their results.
 * Everything belongs to the caller's active sub account; runs addressed by id check the
 * caller's membership of the run's sub account (outsiders 404, viewers read only).
 */
export function registerEvaluationRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.platform.database;
  const { config, queue, events } = app.platform;
  const userIdOf = (request: Parameters<typeof signedInUser>[0]) => signedInUser(request).id;

  app.get(
    '/templates',
    { preHandler: requireSession, schema: { tags, response: { 200: ListTemplatesReply } } },
    async (request) => {
      const membership = await getActiveMembershipOrThrow({ db, userId: userIdOf(request), action: 'evaluation.read' });
      return { templates: await listTemplates({ db, subaccountId: membership.subaccountId }) };
    },
  );

  app.post(
    '/templates',
    { preHandler: requireSession, schema: { tags, body: CreateTemplateBody, response: { 201: CreateTemplateReply } } },
    async (request, reply) => {
      const userId = userIdOf(request);
      const membership = await getActiveMembershipOrThrow({ db, userId, action: 'evaluation.manage' });
      const templateId = await createTemplate({
        db,
        subaccountId: membership.subaccountId,
        userId,
        body: request.body,
      });
      return reply.status(201).send({ templateId });
    },
  );

  app.post(
    '/questiongenerator',
    {
      preHandler: requireSession,
      schema: { tags, body: GenerateQuestionsBody, response: { 202: GenerateQuestionsReply } },
    },
    async (request, reply) => {
      const userId = userIdOf(request);
      const membership = await getActiveMembershipOrThrow({ db, userId, action: 'evaluation.generate' });
      const generatequestionsId = await startQuestionGeneration({
        db,
        queue,
        subaccountId: membership.subaccountId,
        userId,
        body: request.body,
      });
      return reply.status(202).send({ success: true, data: { generatequestionsId } });
    },
  );

  app.get(
    '/api/questiongenerator/:id',
    {
      preHandler: requireSession,
      schema: { tags, params: QuestionGenerationParams, response: { 200: GetQuestionGenerationReply } },
    },
    async (request, reply) => {
      const answer = await getQuestionGeneration({ db, id: request.params.id, userId: userIdOf(request) });
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );

  app.get(
    '/api/evaluation/testing-models',
    { preHandler: requireSession, schema: { tags, response: { 200: ListTestingModelsReply } } },
    async (request) => {
      const membership = await getActiveMembershipOrThrow({ db, userId: userIdOf(request), action: 'evaluation.read' });
      return { models: await listTestingModels({ db, config, subaccountId: membership.subaccountId }) };
    },
  );

  const startRun = async (request: { body: RunChatCompletionEvaluationBody; userId: string }, type: EvaluationType) => {
    const membership = await getActiveMembershipOrThrow({ db, userId: request.userId, action: 'evaluation.start' });
    return startEvaluationRun({
      db,
      config,
      queue,
      subaccountId: membership.subaccountId,
      userId: request.userId,
      type,
      body: request.body,
    });
  };

  app.post(
    '/api/evaluation/run/evaluationdata',
    {
      preHandler: requireSession,
      schema: {
        tags,
        body: RunChatCompletionEvaluationBody,
        response: { 200: RunEvaluationReply, 201: RunEvaluationReply },
      },
    },
    async (request, reply) => {
      const started = await startRun({ body: request.body, userId: userIdOf(request) }, 'chatcompletion');
      return reply
        .status(started.isNew ? 201 : 200)
        .send({ runId: started.runId, evaluationId: request.body.evaluationId });
    },
  );

  app.post(
    '/api/openai/assistants/run/evaluationdata',
    {
      preHandler: requireSession,
      schema: {
        tags,
        body: RunAssistantEvaluationBody,
        response: { 200: RunEvaluationReply, 201: RunEvaluationReply },
      },
    },
    async (request, reply) => {
      const started = await startRun({ body: request.body, userId: userIdOf(request) }, 'openai-assistants');
      return reply
        .status(started.isNew ? 201 : 200)
        .send({ runId: started.runId, evaluationId: request.body.evaluationId });
    },
  );

  app.get(
    '/api/evaluations',
    { preHandler: requireSession, schema: { tags, response: { 200: ListEvaluationsReply } } },
    async (request) => {
      const membership = await getActiveMembershipOrThrow({ db, userId: userIdOf(request), action: 'evaluation.read' });
      return { evaluations: await listEvaluations({ db, subaccountId: membership.subaccountId }) };
    },
  );

  app.get(
    '/api/evaluations/:runId',
    { preHandler: requireSession, schema: { tags, params: EvaluationRunParams, response: { 200: EvaluationSummary } } },
    async (request, reply) => {
      const run = await getRunForMemberOrThrow({
        db,
        runId: request.params.runId,
        userId: userIdOf(request),
        action: 'evaluation.read',
      });
      return reply.header('cache-control', 'no-store').send(await getEvaluationSummary({ db, run }));
    },
  );

  app.get(
    '/api/evaluations/:runId/conversations/:conversationId',
    {
      preHandler: requireSession,
      schema: { tags, params: EvaluationConversationParams, response: { 200: EvaluationConversationDetail } },
    },
    async (request) => {
      const run = await getRunForMemberOrThrow({
        db,
        runId: request.params.runId,
        userId: userIdOf(request),
        action: 'evaluation.read',
      });
      return getEvaluationConversation({ db, runId: run.id, conversationId: request.params.conversationId });
    },
  );

  app.patch(
    '/api/evaluations/:runId/conversations/:conversationId/verdict',
    {
      preHandler: requireSession,
      schema: {
        tags,
        params: EvaluationConversationParams,
        body: OverrideVerdictBody,
        response: { 200: OverrideVerdictReply },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const run = await getRunForMemberOrThrow({
        db,
        runId: request.params.runId,
        userId,
        action: 'evaluation.manage',
      });
      // A verdict the regression gate counts decides a publish: changing it is an override too.
      if (await isGateEvidence(db, run))
        await authorize({ db, subaccountId: run.subaccountId, userId, action: 'agent.publish.override' });
      return overrideVerdict({
        db,
        runId: run.id,
        conversationId: request.params.conversationId,
        userId,
        body: request.body,
      });
    },
  );

  app.post(
    '/api/evaluations/:runId/cancel',
    {
      preHandler: requireSession,
      schema: { tags, params: EvaluationRunParams, response: { 200: CancelEvaluationReply } },
    },
    async (request) => {
      const run = await getRunForMemberOrThrow({
        db,
        runId: request.params.runId,
        userId: userIdOf(request),
        action: 'evaluation.cancel',
      });
      return { runId: run.id, status: await cancelEvaluationRun({ db, events, runId: run.id }) };
    },
  );

  app.post(
    '/api/evaluations/:runId/rerun',
    {
      preHandler: requireSession,
      schema: { tags, params: EvaluationRunParams, response: { 201: RunEvaluationReply } },
    },
    async (request, reply) => {
      const run = await getRunForMemberOrThrow({
        db,
        runId: request.params.runId,
        userId: userIdOf(request),
        action: 'evaluation.start',
      });
      // The run keeps its own copy of the settings it ran with, so it can run again after the
      // Test Settings screen has been cleared or changed.
      const body = { ...run.payload, evaluationId: randomUUID() };
      const started = await startEvaluationRun({
        db,
        config,
        queue,
        subaccountId: run.subaccountId,
        userId: userIdOf(request),
        type: run.type,
        body,
      });
      return reply.status(201).send({ runId: started.runId, evaluationId: body.evaluationId });
    },
  );

  app.get(
    '/api/evaluations/:runId/export',
    { preHandler: requireSession, schema: { tags, params: EvaluationRunParams, querystring: ExportEvaluationQuery } },
    async (request, reply) => {
      const run = await getRunForMemberOrThrow({
        db,
        runId: request.params.runId,
        userId: userIdOf(request),
        action: 'evaluation.read',
      });
      const [summary, conversations] = await Promise.all([
        getEvaluationSummary({ db, run }),
        listConversationDetails({ db, runId: run.id }),
      ]);
      const baseName = `evaluation-${
        run.name
          .replace(/[^\w.-]+/g, '-')
          .replace(/^-+|-+$/g, '')
          .slice(0, 60) || 'run'
      }-${run.id.slice(0, 8)}`;
      reply.header('cache-control', 'no-store');
      if (request.query.format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', contentDisposition('attachment', `${baseName}.csv`))
          .send(exportEvaluationCsv(conversations));
      }
      const { conversations: _list, ...rest } = summary;
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', `${baseName}.json`))
        .send(JSON.stringify({ ...rest, conversations }, null, 2));
    },
  );

  app.get(
    '/api/evaluations/:runId/comparison',
    {
      preHandler: requireSession,
      schema: {
        tags,
        params: EvaluationRunParams,
        querystring: EvaluationComparisonQuery,
        response: { 200: EvaluationComparisonReply },
      },
    },
    async (request) => {
      const run = await getRunForMemberOrThrow({
        db,
        runId: request.params.runId,
        userId: userIdOf(request),
        action: 'evaluation.read',
      });
      return compareEvaluationRuns({ db, run, baselineId: request.query.baseline });
    },
  );

  app.get(
    '/api/evaluations/:runId/events',
    { preHandler: requireSession, schema: { tags, params: EvaluationRunParams } },
    async (request, reply) => {
      const run = await getRunForMemberOrThrow({
        db,
        runId: request.params.runId,
        userId: userIdOf(request),
        action: 'evaluation.read',
      });
      await streamEvaluationEvents({ db, events, run, reply });
    },
  );
}
