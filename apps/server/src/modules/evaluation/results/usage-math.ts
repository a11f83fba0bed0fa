import type { EvaluationRole, EvaluationUsage, RoleUsage } from '@agentry/core/evaluation';
import type { CallUsage, ConversationUsage } from '../evaluation-types';

const roles: readonly EvaluationRole[] = ['simulatedUser', 'assistant', 'judge'];

export function emptyRoleUsage(): RoleUsage {
  return { calls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, millicredits: 0 };
}

export function emptyConversationUsage(): ConversationUsage {
  return { simulatedUser: emptyRoleUsage(), assistant: emptyRoleUsage(), judge: emptyRoleUsage() };
}

function addRole(left: RoleUsage, right: RoleUsage): RoleUsage {
  return {
    calls: left.calls + right.calls,
    inputTokens: left.inputTokens + right.inputTokens,
    outputTokens: left.outputTokens + right.outputTokens,
    costUsd: left.costUsd + right.costUsd,
    millicredits: left.millicredits + right.millicredits,
  };
}

/** Adds one call to a role's usage (mutates `usage`). */
export function recordCall(usage: ConversationUsage, role: EvaluationRole, call: CallUsage): void {
  usage[role] = addRole(usage[role], { calls: 1, ...call });
}

/** Two conversations' (or attempts') usage added per role; `left` may be null (nothing yet). */
export function addConversationUsage(
  left: ConversationUsage | null | undefined,
  right: ConversationUsage,
): ConversationUsage {
  const total = emptyConversationUsage();
  for (const role of roles) total[role] = addRole(left?.[role] ?? emptyRoleUsage(), right[role]);
  return total;
}

/** Per role and in total, over conversations (each may be null: not run yet). */
export function sumUsage(entries: readonly (ConversationUsage | null | undefined)[]): EvaluationUsage {
  const total = emptyConversationUsage();
  for (const entry of entries) {
    if (!entry) continue;
    for (const role of roles) total[role] = addRole(total[role], entry[role]);
  }
  return { ...total, total: roles.reduce((sum, role) => addRole(sum, total[role]), emptyRoleUsage()) };
}
