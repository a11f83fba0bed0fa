import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { JobQueue } from '../../platform/queue/job-queue';
import { agent } from '../agents/agents.tables';
import { getAgentRowOrThrow } from '../agents/get-agent-or-throw';
import { recordAgentVersion } from '../agents/record-agent-version';
import { toAgentBehaviour } from '../agents/to-agent-version';
import { evaluationRun } from '../evaluation/evaluation.tables';
import { startEvaluationRun } from '../evaluation/run/start-evaluation-run';
import { buildTrial } from './build-trial';
import { chooseTrialQuestions } from './choose-trial-questions';
import { getPublishedVersion } from './get-published-version';
import { optimizeProposal } from './optimize.tables';

/**
 * 'Try it': saves the proposed instructions as a new draft version of the agent (the published
 * version's behaviour with the new instructions; visitors still get the published one), then
 * re-runs the failed questions and a sample of passed ones against it with the original run's
 * settings. The proposal is 'trying' until that run is over.
 */
export async function tryProposal(options: {
  db: Database;
  config: AppConfig;
  queue: JobQueue;
  proposal: typeof optimizeProposal.$inferSelect;
  userId: string;
}): Promise<typeof optimizeProposal.$inferSelect> {
  const { db, proposal } = options;
  if (proposal.status !== 'proposed')
    throw new AppError('CONFLICT', { message: 'This proposal has already been tried' });
  const [run] = await db.select().from(evaluationRun).where(eq(evaluationRun.id, proposal.runId)).limit(1);
  if (!run) throw new AppError('NOT_FOUND', { message: 'Evaluation not found' });
  const agentRow = await getAgentRowOrThrow({ db, agentId: proposal.agentId, subaccountId: proposal.subaccountId });
  const published = await getPublishedVersion({ db, agent: agentRow });

  const { failedQuestionIds, passedQuestionIds } = await chooseTrialQuestions({
    db,
    runId: run.id,
    failedConversationIds: proposal.failures.map((failure) => failure.conversationId),
  });
  const included = new Set([...failedQuestionIds, ...passedQuestionIds]);
  const select = <T extends { id: string | number }>(questions: readonly T[]) =>
    questions.map((question) => ({ ...question, selected: included.has(String(question.id)) }));

  // The working copy is always the newest version, so the candidate becomes it.
  const candidate = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(agent)
      .set({
        ...toAgentBehaviour(published ?? agentRow),
        instructions: proposal.proposedInstructions,
        updatedAt: new Date(),
      })
      .where(and(eq(agent.id, agentRow.id), eq(agent.subaccountId, agentRow.subaccountId)))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND', { message: 'Agent not found' });
    return recordAgentVersion({
      db: tx,
      agentRow: updated,
      source: 'optimize',
      authorUserId: options.userId,
      note: `Optimize: ${proposal.cause}`.slice(0, 500),
    });
  });

  const { payload } = run;
  const started = await startEvaluationRun({
    db,
    config: options.config,
    queue: options.queue,
    subaccountId: proposal.subaccountId,
    userId: options.userId,
    type: 'openai-assistants',
    body: {
      ...payload,
      evaluationId: randomUUID(),
      evaluationName: `Try it: ${proposal.cause}`.slice(0, 200),
      assistant_id: agentRow.id,
      agentVersionId: candidate.id,
      customQuestions: select(payload.customQuestions),
      complianceQuestions: select(payload.complianceQuestions),
      promptHackingQuestions: select(payload.promptHackingQuestions),
    },
  });

  const failedIds = [...failedQuestionIds];
  const trial = await buildTrial({
    db,
    originalRunId: run.id,
    trialRunId: started.runId,
    failedQuestionIds: failedQuestionIds,
  });
  const [updated] = await db
    .update(optimizeProposal)
    .set({
      status: 'trying',
      candidateVersionId: candidate.id,
      trialRunId: started.runId,
      trialFailedQuestionIds: failedIds,
      trial,
      updatedAt: new Date(),
    })
    .where(and(eq(optimizeProposal.id, proposal.id), eq(optimizeProposal.status, 'proposed')))
    .returning();
  if (!updated) throw new AppError('CONFLICT', { message: 'This proposal has already been tried' });
  return updated;
}
