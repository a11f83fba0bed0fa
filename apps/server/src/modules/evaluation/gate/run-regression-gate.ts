import { createHash } from 'node:crypto';
import { and, asc, desc, eq, or } from 'drizzle-orm';
import type { GateFailingQuestion, GateResult } from '@agentry/core/agent-versions';
import { isEvaluationRunOver } from '@agentry/core/evaluation';
import { sleep } from '@agentry/core/sleep';
import type { AppConfig } from '../../../config';
import type { Database } from '../../../platform/db/database';
import { AppError } from '../../../platform/http/app-error';
import type { JobQueue } from '../../../platform/queue/job-queue';
import type { agent } from '../../agents/agents.tables';
import { effectiveVerdict, passRateOf } from '../results/compute-totals';
import { evaluationConversation, evaluationRun } from '../evaluation.tables';
import { startEvaluationRun } from '../run/start-evaluation-run';

/** How long a publish waits for the gate's run before giving up (the run itself goes on). */
const GATE_WAIT_MS = 10 * 60_000;
const POLL_MS = 200;

type RunRow = typeof evaluationRun.$inferSelect;

/**
 * The evaluationId of the gate's next run for one version. Derived from the gate, the version and
 * the newest of its runs that ended without finishing, so publishes asking at the same moment name
 * the same run (startEvaluationRun answers the first one's) while a retry after a failed or
 * cancelled run names a new one. Shaped as a UUID (version 8: custom) like a client's.
 */
function gateEvaluationId(gateRunId: string, versionId: string, afterRunId: string | undefined): string {
  const hex = createHash('sha256')
    .update(`regression-gate:${gateRunId}:${versionId}:${afterRunId ?? ''}`)
    .digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Waits for a gate run to end: answers it when it finished, else says why the publish cannot go on. */
async function waitForGateRun(db: Database, runId: string): Promise<RunRow> {
  const deadline = Date.now() + GATE_WAIT_MS;
  for (;;) {
    const [run] = await db.select().from(evaluationRun).where(eq(evaluationRun.id, runId)).limit(1);
    if (!run) throw new AppError('NOT_FOUND', { message: 'Evaluation not found' });
    if (isEvaluationRunOver(run.status)) {
      if (run.status !== 'finished')
        throw new AppError('CONFLICT', {
          message: `The regression gate's evaluation ${run.status === 'failed' ? 'failed' : 'was cancelled'}: ${run.error ?? 'try publishing again'}`,
        });
      return run;
    }
    if (Date.now() > deadline)
      throw new AppError('CONFLICT', {
        message: "The regression gate's evaluation is still running; publish again once it ends",
      });
    await sleep(POLL_MS);
  }
}

/**
 * The gate's run for one version: a finished run of the gate's questions against it when there is
 * one (the gate run itself, or one the gate started before), else the one still queued or running
 * (a publish asked again before it ended), else a new run; awaited. Asking again never pays again.
 */
async function findOrRunGateRun(options: {
  db: Database;
  config: AppConfig;
  queue: JobQueue;
  gateRun: RunRow;
  agentId: string;
  versionId: string;
  userId: string;
}): Promise<RunRow> {
  const { db, gateRun, versionId } = options;
  const runs = await db
    .select()
    .from(evaluationRun)
    .where(
      and(
        eq(evaluationRun.agentVersionId, versionId),
        or(eq(evaluationRun.id, gateRun.id), eq(evaluationRun.gateSourceRunId, gateRun.id)),
      ),
    )
    .orderBy(desc(evaluationRun.createdAt));
  const finished = runs.find((run) => run.status === 'finished');
  if (finished) return finished;
  const going = runs.find((run) => !isEvaluationRunOver(run.status));
  if (going) return waitForGateRun(db, going.id);
  // Only runs that failed or were cancelled are left: the newest of them makes the next run's id.
  const started = await startEvaluationRun({
    db,
    config: options.config,
    queue: options.queue,
    subaccountId: gateRun.subaccountId,
    userId: options.userId,
    type: 'openai-assistants',
    body: {
      ...gateRun.payload,
      evaluationId: gateEvaluationId(gateRun.id, versionId, runs[0]?.id),
      evaluationName: `${gateRun.name} (regression gate)`.slice(0, 200),
      assistant_id: options.agentId,
      agentVersionId: versionId,
    },
    gateSourceRunId: gateRun.id,
  });
  return waitForGateRun(db, started.runId);
}

async function loadVerdicts(db: Database, runId: string) {
  const rows = await db
    .select()
    .from(evaluationConversation)
    .where(eq(evaluationConversation.runId, runId))
    .orderBy(asc(evaluationConversation.position));
  const stats = { passes: 0, failures: 0, unclear: 0 };
  const judged = rows.flatMap((row) => {
    const verdict = effectiveVerdict(row);
    if (verdict === 'pass') stats.passes += 1;
    else if (verdict === 'fail') stats.failures += 1;
    else if (verdict) stats.unclear += 1;
    return verdict ? [{ row, verdict }] : [];
  });
  const rate = passRateOf(stats);
  return { judged, passRate: rate === null ? null : Math.round(rate * 1000) / 10 };
}

/**
 * The regression gate (docs/product/agents.md#the-regression-gate): re-asks the gate's questions
 * to the candidate and compares its pass rate with the published version's on the same questions.
 * Each run is an ordinary evaluation run, metered like any other.
 */
export async function runRegressionGate(options: {
  db: Database;
  config: AppConfig;
  queue: JobQueue;
  agentRow: typeof agent.$inferSelect;
  candidateVersionId: string;
  userId: string;
}): Promise<GateResult | null> {
  const { db, agentRow } = options;
  if (!agentRow.gateRunId) return null;
  const [gateRun] = await db
    .select()
    .from(evaluationRun)
    .where(and(eq(evaluationRun.id, agentRow.gateRunId), eq(evaluationRun.subaccountId, agentRow.subaccountId)))
    .limit(1);
  // The gate's run was deleted: there is nothing left to compare with.
  if (!gateRun) return null;
  const shared = {
    db,
    config: options.config,
    queue: options.queue,
    gateRun,
    agentId: agentRow.id,
    userId: options.userId,
  };
  const baselineRun = agentRow.publishedVersionId
    ? await findOrRunGateRun({ ...shared, versionId: agentRow.publishedVersionId })
    : null;
  const candidateRun = await findOrRunGateRun({ ...shared, versionId: options.candidateVersionId });
  const candidate = await loadVerdicts(db, candidateRun.id);
  const baseline = baselineRun ? await loadVerdicts(db, baselineRun.id) : null;
  const passedBefore = new Set(
    baseline?.judged.filter((entry) => entry.verdict === 'pass').map((entry) => entry.row.questionText) ?? [],
  );
  const failingQuestions: GateFailingQuestion[] = candidate.judged
    .filter((entry) => entry.verdict !== 'pass')
    .map((entry) => ({
      question: entry.row.askedText ?? entry.row.questionText,
      reasoning: entry.row.overrideNote ?? entry.row.judgeReasoning ?? '',
      isRegression: passedBefore.has(entry.row.questionText),
    }));
  const threshold = agentRow.gateThreshold ?? 0;
  const drop = (baseline?.passRate ?? 0) - (candidate.passRate ?? 0);
  return {
    candidateRunId: candidateRun.id,
    baselineRunId: baselineRun?.id ?? null,
    candidatePassRate: candidate.passRate,
    baselinePassRate: baseline?.passRate ?? null,
    threshold,
    isPassed: candidate.passRate !== null && drop <= threshold + 1e-9,
    failingQuestions,
  };
}
