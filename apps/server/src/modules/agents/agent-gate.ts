import { and, eq } from 'drizzle-orm';
import type { AgentGate, AgentGateReply } from '@agentry/core/agent-versions';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { evaluationRun } from '../evaluation/evaluation.tables';
import { agent } from './agents.tables';
import { getAgentRowOrThrow } from './get-agent-or-throw';

/** The agent's regression gate and the name of the run it re-asks. */
export async function getAgentGate(options: {
  db: Database;
  subaccountId: string;
  agentId: string;
}): Promise<AgentGateReply> {
  const { db } = options;
  const row = await getAgentRowOrThrow({ db, agentId: options.agentId, subaccountId: options.subaccountId });
  if (!row.gateRunId) return { gate: null, runName: null };
  const [run] = await db
    .select({ name: evaluationRun.name })
    .from(evaluationRun)
    .where(and(eq(evaluationRun.id, row.gateRunId), eq(evaluationRun.subaccountId, row.subaccountId)))
    .limit(1);
  return { gate: { runId: row.gateRunId, threshold: row.gateThreshold ?? 0 }, runName: run?.name ?? null };
}

/** Names (or clears) the gate: a run of this agent in this sub account, and the allowed drop. */
export async function updateAgentGate(options: {
  db: Database;
  subaccountId: string;
  agentId: string;
  gate: AgentGate | null;
}): Promise<AgentGateReply> {
  const { db, gate } = options;
  const row = await getAgentRowOrThrow({ db, agentId: options.agentId, subaccountId: options.subaccountId });
  if (gate) {
    const [run] = await db
      .select({ id: evaluationRun.id })
      .from(evaluationRun)
      .where(
        and(
          eq(evaluationRun.id, gate.runId),
          eq(evaluationRun.subaccountId, row.subaccountId),
          eq(evaluationRun.agentId, row.id),
        ),
      )
      .limit(1);
    if (!run) throw new AppError('VALIDATION_ERROR', { message: 'Choose an evaluation of this agent' });
  }
  await db
    .update(agent)
    .set({ gateRunId: gate?.runId ?? null, gateThreshold: gate?.threshold ?? null })
    .where(and(eq(agent.id, row.id), eq(agent.subaccountId, row.subaccountId)));
  return getAgentGate(options);
}
