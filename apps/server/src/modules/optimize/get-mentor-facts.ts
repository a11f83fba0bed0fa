import { and, count, desc, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import type { MentorAgentFacts } from '@agentry/core/optimize';
import type { Database } from '../../platform/db/database';
import type { agent } from '../agents/agents.tables';
import { channelConversation } from '../channels/channels.tables';
import { evaluationRun } from '../evaluation/evaluation.tables';
import { llmThread } from '../llm/llm.tables';
import { widgetConversation } from '../widget/widget.tables';
import { listRunFailures, type RunFailure } from './list-run-failures';
import { optimizeProposal } from './optimize.tables';
import { getVersionLabel } from './get-version-label';
import { getBaseInstructions } from './get-base-instructions';
import { countRunVerdicts } from './count-run-verdicts';

/** Channels whose conversations live in their own tables (counted there, not from the threads). */
const OWN_TABLE_CHANNELS = ['widget', 'sms', 'whatsapp', 'instagram', 'messenger', 'evaluation', 'test-chat'] as const;

export type MentorContext = {
  facts: MentorAgentFacts;
  failures: RunFailure[];
  instructions: string;
  /** The run of the newest tried proposal (its draft version is what the mentor's button opens). */
  draftRunId: string | null;
  /** Whether that proposal's version was published (accepted) or is still a draft. */
  isDraftPublished: boolean;
};

/**
 * What the AI Mentor knows of an agent: its version, tools, latest finished evaluation run (with
 * its failures) and how many conversations it had on every channel.
 */
export async function getMentorContext(options: {
  db: Database;
  agent: typeof agent.$inferSelect;
}): Promise<MentorContext> {
  const { db, agent: row } = options;
  // The latest run the agency ran: Optimize's own re-runs ('Try it') and a publish's
  // regression-gate checks are not the agent's evaluation.
  const [recent, trials] = await Promise.all([
    db
      .select()
      .from(evaluationRun)
      .where(
        and(
          eq(evaluationRun.agentId, row.id),
          inArray(evaluationRun.status, ['finished', 'cancelled']),
          isNotNull(evaluationRun.finishedAt),
          isNull(evaluationRun.gateSourceRunId),
        ),
      )
      .orderBy(desc(evaluationRun.finishedAt))
      .limit(20),
    db
      .select({ runId: optimizeProposal.trialRunId })
      .from(optimizeProposal)
      .where(and(eq(optimizeProposal.agentId, row.id), isNotNull(optimizeProposal.trialRunId))),
  ]);
  const trialRunIds = new Set(trials.map((trial) => trial.runId));
  const latest = recent.find((run) => !trialRunIds.has(run.id));

  const [widgetRows, channelRows, threadRows, draft] = await Promise.all([
    db.select({ total: count() }).from(widgetConversation).where(eq(widgetConversation.agentId, row.id)),
    db
      .select({ channel: channelConversation.channel, total: count() })
      .from(channelConversation)
      .where(eq(channelConversation.agentId, row.id))
      .groupBy(channelConversation.channel),
    db
      .select({ source: llmThread.source, total: count() })
      .from(llmThread)
      .where(and(eq(llmThread.agentId, row.id), eq(llmThread.subaccountId, row.subaccountId)))
      .groupBy(llmThread.source),
    db
      .select({ id: optimizeProposal.id, runId: optimizeProposal.runId, status: optimizeProposal.status })
      .from(optimizeProposal)
      .where(
        and(
          eq(optimizeProposal.agentId, row.id),
          ne(optimizeProposal.status, 'proposed'),
          isNotNull(optimizeProposal.candidateVersionId),
        ),
      )
      .orderBy(desc(optimizeProposal.updatedAt))
      .limit(1),
  ]);
  const conversationsByChannel: Record<string, number> = { widget: widgetRows[0]?.total ?? 0 };
  for (const entry of channelRows) conversationsByChannel[entry.channel] = entry.total;
  for (const entry of threadRows) {
    if ((OWN_TABLE_CHANNELS as readonly string[]).includes(entry.source)) continue;
    conversationsByChannel[entry.source] = entry.total;
  }

  const failures = latest ? await listRunFailures({ db, runId: latest.id }) : [];
  const verdicts = latest ? await countRunVerdicts({ db, runId: latest.id }) : null;
  return {
    instructions: await getBaseInstructions({ db, agent: row }),
    failures,
    draftRunId: draft[0]?.runId ?? null,
    isDraftPublished: draft[0]?.status === 'accepted',
    facts: {
      agentId: row.id,
      aiName: row.aiName,
      model: row.model,
      versionLabel: await getVersionLabel({ db, agent: row }),
      toolNames: row.tools.filter((tool) => tool.enabled).map((tool) => tool.name),
      latestRun:
        latest && verdicts
          ? {
              runId: latest.id,
              name: latest.name,
              passes: verdicts.passes,
              failures: verdicts.failures,
              judged: verdicts.judged,
              finishedAt: latest.finishedAt?.toISOString() ?? null,
            }
          : null,
      conversationsByChannel,
      draftProposalId: draft[0]?.id ?? null,
    },
  };
}
