import { and, eq, sql } from 'drizzle-orm';
import { isGateLoosening, type AgentGate, type AgentGateReply } from '@agentry/core/agent-versions';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { authorize } from '../auth/authorize';
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

/**
 * Names (or clears) the gate: a run of this agent in this sub account, and the allowed drop.
 * Members may add or tighten a gate; loosening it is as much an override as publishing past it,
 * so it needs the same right (`agent.publish.override`, admins).
 */
export async function updateAgentGate(options: {
  db: Database;
  subaccountId: string;
  agentId: string;
  gate: AgentGate | null;
  byUserId: string;
}): Promise<AgentGateReply> {
  const { db, gate } = options;
  const row = await getAgentRowOrThrow({ db, agentId: options.agentId, subaccountId: options.subaccountId });
  const current = row.gateRunId ? { runId: row.gateRunId, threshold: row.gateThreshold ?? 0 } : null;
  if (isGateLoosening(current, gate))
    await authorize({
      db,
      subaccountId: row.subaccountId,
      userId: options.byUserId,
      action: 'agent.publish.override',
    });
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
  // Written only over the gate this check read: a member's change racing an admin's cannot undo it.
  const [written] = await db
    .update(agent)
    .set({ gateRunId: gate?.runId ?? null, gateThreshold: gate?.threshold ?? null })
    .where(
      and(
        eq(agent.id, row.id),
        eq(agent.subaccountId, row.subaccountId),
        sql`${agent.gateRunId} is not distinct from ${row.gateRunId}`,
        sql`${agent.gateThreshold} is not distinct from ${row.gateThreshold}`,
      ),
    )
    .returning({ id: agent.id });
  if (!written) throw new AppError('CONFLICT');
  return getAgentGate(options);
}
