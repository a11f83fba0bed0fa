import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { mergeLines } from '@agentry/core/line-diff';
import { PROPOSAL_CONFLICT_MESSAGE } from '@agentry/core/optimize';
import type { AppConfig } from '../../config';
import type { Database, Transaction } from '../../platform/db/database';
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
import { holdEnqueues } from '../../platform/queue/hold-enqueues';
import { optimizeProposal } from './optimize.tables';

/**
 * Claims a proposal for 'Try it': 'proposed' becomes 'trying' only for the first request (a
 * second one waits on the row lock and then finds it taken). Inside the caller's transaction, so
 * a failure further on gives the proposal back untouched.
 */
async function claimProposal(tx: Transaction, proposalId: string): Promise<void> {
  const [claimed] = await tx
    .update(optimizeProposal)
    .set({ status: 'trying', updatedAt: new Date() })
    .where(and(eq(optimizeProposal.id, proposalId), eq(optimizeProposal.status, 'proposed')))
    .returning({ id: optimizeProposal.id });
  if (!claimed) throw new AppError('CONFLICT', { message: 'This proposal has already been tried' });
}

/** The candidate's instructions on the published behaviour, as the working copy and its new draft version. */
async function writeCandidate(options: {
  tx: Transaction;
  agentRow: typeof agent.$inferSelect;
  published: Awaited<ReturnType<typeof getPublishedVersion>>;
  proposal: typeof optimizeProposal.$inferSelect;
  instructions: string;
  userId: string;
}) {
  const { tx, agentRow, proposal } = options;
  // The working copy is always the newest version, so the candidate becomes it.
  const [written] = await tx
    .update(agent)
    .set({
      ...toAgentBehaviour(options.published ?? agentRow),
      instructions: options.instructions,
      updatedAt: new Date(),
    })
    .where(and(eq(agent.id, agentRow.id), eq(agent.subaccountId, agentRow.subaccountId)))
    .returning();
  if (!written) throw new AppError('NOT_FOUND', { message: 'Agent not found' });
  return recordAgentVersion({
    db: tx,
    agentRow: written,
    source: 'optimize',
    authorUserId: options.userId,
    note: `Optimize: ${proposal.cause}`.slice(0, 500),
  });
}

/**
 * 'Try it': saves the proposed instructions as a new draft version of the agent (the published
 * version's behaviour with the new instructions; visitors still get the published one), then
 * re-runs the failed questions and a sample of passed ones against it with the original run's
 * settings. The proposal is 'trying' until that run is over.
 *
 * The proposal's change is merged onto the instructions published now (three-way, from those it
 * was written against), so a fix published since stays in the draft; when both changed the same
 * lines, it is a 409 and nothing is written.
 *
 * All of it is one transaction (the run's job is queued once it commits): a refusal, e.g. too few
 * credits, leaves the agent's working copy, its versions and the proposal as they were, and of
 * two requests at once only one writes and starts a run; the other gets a 409.
 */
export async function tryProposal(options: {
  db: Database;
  config: AppConfig;
  queue: JobQueue;
  proposal: typeof optimizeProposal.$inferSelect;
  userId: string;
}): Promise<typeof optimizeProposal.$inferSelect> {
  const { proposal } = options;
  const jobs = holdEnqueues(options.queue);
  const updated = await options.db.transaction(async (tx) => {
    await claimProposal(tx, proposal.id);
    // The helpers take a database handle; inside, they must read and write through this transaction.
    const db: Database = tx;
    const [run] = await db.select().from(evaluationRun).where(eq(evaluationRun.id, proposal.runId)).limit(1);
    if (!run) throw new AppError('NOT_FOUND', { message: 'Evaluation not found' });
    const agentRow = await getAgentRowOrThrow({ db, agentId: proposal.agentId, subaccountId: proposal.subaccountId });
    const published = await getPublishedVersion({ db, agent: agentRow });
    // The proposal was written against the instructions published then; what was published since
    // (another proposal of the run, an edit) is kept, and a change of the same lines refused.
    const publishedInstructions = published?.instructions ?? agentRow.instructions;
    const merged = mergeLines(proposal.currentInstructions, publishedInstructions, proposal.proposedInstructions);
    if (merged.isConflict) throw new AppError('CONFLICT', { message: PROPOSAL_CONFLICT_MESSAGE });

    const { failedQuestionIds, passedQuestionIds } = await chooseTrialQuestions({
      db,
      runId: run.id,
      failedConversationIds: proposal.failures.map((failure) => failure.conversationId),
    });
    const included = new Set([...failedQuestionIds, ...passedQuestionIds]);
    const select = <T extends { id: string | number }>(questions: readonly T[]) =>
      questions.map((question) => ({ ...question, selected: included.has(String(question.id)) }));

    const candidate = await writeCandidate({
      tx,
      agentRow,
      published,
      proposal,
      instructions: merged.text,
      userId: options.userId,
    });

    const { payload } = run;
    const started = await startEvaluationRun({
      db,
      config: options.config,
      queue: jobs.queue,
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

    const trial = await buildTrial({ db, originalRunId: run.id, trialRunId: started.runId, failedQuestionIds });
    const [tried] = await tx
      .update(optimizeProposal)
      .set({
        // From now on the proposal is the change tried: the draft against what it was made from.
        currentInstructions: publishedInstructions,
        proposedInstructions: merged.text,
        candidateVersionId: candidate.id,
        trialRunId: started.runId,
        trialFailedQuestionIds: [...failedQuestionIds],
        trial,
        updatedAt: new Date(),
      })
      .where(eq(optimizeProposal.id, proposal.id))
      .returning();
    if (!tried) throw new AppError('NOT_FOUND', { message: 'Proposal not found' });
    return tried;
  });
  await jobs.release();
  return updated;
}
