import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** The balance fields of GET /api/openrouter/usage the meter reads (billing §3). */
export type UsageBalance = {
  usageUsed?: number | null;
  totalCreditLimit?: number | null;
  effectiveLimit?: number | null;
  planCreditLimit?: number | null;
  configuredLimit?: number | null;
  creditsRemaining?: number | null;
  totalCreditsRemaining?: number | null;
};

type UsageReply = { balance?: UsageBalance | null; hasKey?: boolean; error?: string | null };

export type CreditMeter = {
  remaining: number;
  limit: number;
  /** Width of the bar in percent: the used share, or 2 when unknown. */
  barPercent: number;
  /** False when there is no plan limit to measure against. */
  hasPlan: boolean;
};

/** Billing §9 fallback bar width when the share is unknown. */
export const FALLBACK_BAR_PERCENT = 2;

const noPlan: CreditMeter = { remaining: 0, limit: 0, barPercent: FALLBACK_BAR_PERCENT, hasPlan: false };

function finite(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * Billing §9 credit meter: used % = usageUsed / total credit limit (0-100); remaining = total
 * remaining, else limit minus used floored at 0.
 */
export function describeCreditMeter(balance: UsageBalance | null | undefined): CreditMeter {
  if (!balance) return noPlan;
  const limit = finite(balance.totalCreditLimit) ?? finite(balance.effectiveLimit) ?? finite(balance.planCreditLimit) ?? finite(balance.configuredLimit) ?? 0;
  const used = finite(balance.usageUsed);
  const remaining = Math.max(0, finite(balance.totalCreditsRemaining) ?? finite(balance.creditsRemaining) ?? limit - (used ?? 0));
  if (limit <= 0) return { ...noPlan, remaining };
  const barPercent = used === undefined ? FALLBACK_BAR_PERCENT : Math.min(100, Math.max(0, (used / limit) * 100));
  return { remaining, limit, barPercent, hasPlan: true };
}

const creditFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** Numbers are shown with up to 1 decimal. */
export function formatCreditAmount(value: number) {
  return creditFormat.format(value);
}

/** The account menu's credits. Billing arrives later: any failure reads as "no plan yet". */
export function useCreditMeter(enabled: boolean) {
  const query = useQuery({
    queryKey: ['openrouter', 'usage'],
    queryFn: ({ signal }) => apiRequest<UsageReply>('/api/openrouter/usage', { signal, silentUnauthorized: true }),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
  return { meter: describeCreditMeter(query.data?.balance), isLoading: query.isLoading };
}
