import type { LockableSubaccount, SubaccountLockReply } from '@agentry/core/billing';
import { apiRequest } from '@/lib/api';

function readSubaccount(raw: unknown): LockableSubaccount | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const record = raw as Record<string, unknown>;
  if (typeof record.id !== 'string' || typeof record.name !== 'string') return null;
  return {
    id: record.id,
    name: record.name,
    logoUrl: typeof record.logoUrl === 'string' && record.logoUrl ? record.logoUrl : null,
    agentCount: typeof record.agentCount === 'number' ? record.agentCount : 0,
    createdAt: typeof record.createdAt === 'string' ? record.createdAt : '',
    isLocked: record.isLocked === true,
  };
}

/** GET /api/billing/subaccount-lock: whether the user must choose the sub accounts to keep active. */
export async function getSubaccountLock(signal?: AbortSignal): Promise<SubaccountLockReply> {
  const reply = await apiRequest<Record<string, unknown> | null>('/api/billing/subaccount-lock', {
    signal,
    silentUnauthorized: true,
  });
  const subaccounts: unknown[] = Array.isArray(reply?.subaccounts) ? reply.subaccounts : [];
  return {
    mustChoose: reply?.mustChoose === true,
    allowedActive: typeof reply?.allowedActive === 'number' ? reply.allowedActive : null,
    subaccounts: subaccounts.flatMap((entry) => readSubaccount(entry) ?? []),
  };
}

/** POST /api/billing/subaccount-lock {subaccountIds}: keeps those active (as many as the plan allows), locks the others. */
export function selectActiveSubaccounts(subaccountIds: readonly string[]) {
  return apiRequest<unknown>('/api/billing/subaccount-lock', { method: 'POST', body: { subaccountIds } });
}
