import { and, eq } from 'drizzle-orm';
import type { OverrideVerdictBody, OverrideVerdictReply } from '@agentry/core/evaluation';
import type { Database } from '../../../platform/db/database';
import { AppError } from '../../../platform/http/app-error';
import { agent } from '../../agents/agents.tables';
import { computeTotals, passRateOf } from './compute-totals';
import { evaluationConversation } from '../evaluation.tables';
import { getConversationRowOrThrow } from './get-conversation-row-or-throw';
import { toConversationListItem } from './to-conversation-list-item';

/**
 * Whether a regression gate counts this run's verdicts: a gate's run of a version, or the run an
 * agent names as its gate.
 */
export async function isGateEvidence(db: Database, run: { id: string; gateSourceRunId: string | null }) {
  if (run.gateSourceRunId) return true;
  const [gated] = await db.select({ id: agent.id }).from(agent).where(eq(agent.gateRunId, run.id)).limit(1);
  return gated !== undefined;
}

/**
 * A manual verdict beside the judge's (which is kept); null clears it. Only judged
 * conversations can be overridden. Summaries count the override in place of the judge's verdict.
 */
export async function overrideVerdict(options: {
  db: Database;
  runId: string;
  conversationId: string;
  userId: string;
  body: OverrideVerdictBody;
}): Promise<OverrideVerdictReply> {
  const { db, body } = options;
  const row = await getConversationRowOrThrow(options);
  if (row.status !== 'done') throw new AppError('CONFLICT', { message: 'Only judged conversations can be overridden' });
  const [updated] = await db
    .update(evaluationConversation)
    .set(
      body.verdict === null
        ? { overrideVerdict: null, overrideNote: null, overrideUserId: null, overrideAt: null, updatedAt: new Date() }
        : {
            overrideVerdict: body.verdict,
            overrideNote: body.note?.trim() || null,
            overrideUserId: options.userId,
            overrideAt: new Date(),
            updatedAt: new Date(),
          },
    )
    .where(and(eq(evaluationConversation.id, row.id), eq(evaluationConversation.runId, options.runId)))
    .returning();
  if (!updated) throw new AppError('NOT_FOUND', { message: 'Conversation not found' });
  const rows = await db
    .select({
      status: evaluationConversation.status,
      judgeVerdict: evaluationConversation.judgeVerdict,
      overrideVerdict: evaluationConversation.overrideVerdict,
    })
    .from(evaluationConversation)
    .where(eq(evaluationConversation.runId, options.runId));
  const totals = computeTotals(rows);
  return {
    conversation: toConversationListItem(updated),
    totals,
    passRate: passRateOf(totals),
    countsUseOverride: true,
    message:
      body.verdict === null
        ? "Override cleared: the summary counts the judge's verdict again."
        : `Verdict overridden to ${body.verdict}; the judge's verdict (${updated.judgeVerdict ?? 'none'}) is kept beside it, and the summary counts the override.`,
  };
}
