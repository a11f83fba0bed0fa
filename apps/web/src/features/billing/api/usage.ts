import { BillingBalance, type UsageByDay } from '@agentry/core/billing';
import { ApiError, apiRequest } from '@/lib/api';

/** docs/product/billing-and-credits.md#credit-meter-and-usage, usage texts: the error body's text, else this. */
export const USAGE_FETCH_FAILED = 'Failed to fetch usage';
export const USAGE_LOAD_FAILED_TITLE = 'Unable to load usage';

/** Every balance field may be missing on the wire; the meter has a fallback for each. */
const LooseBalanceSchema = BillingBalance.partial();
export type LooseBalance = Partial<BillingBalance>;

function readBalance(value: unknown): LooseBalance | null {
  if (typeof value !== 'object' || value === null) return null;
  const parsed = LooseBalanceSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export type UsageLogEntry = { timestamp: string | null; model: string; cost: number; usageTotal: number | null };

export type UsageSnapshot = {
  balance: LooseBalance | null;
  hasKey: boolean;
  usageLogs: UsageLogEntry[];
  usageByDay: UsageByDay[];
  /** A message the server sent with a 2xx answer. */
  error: string | null;
};

const finiteNumber = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** docs/product/billing-and-credits.md#credit-meter-and-usage, usage log: timestamp (or date), model (default 'unknown'), cost (number, else 0), usage_total. */
export function normalizeUsageLog(raw: unknown): UsageLogEntry {
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  return {
    timestamp: text(record.timestamp) ?? text(record.date),
    model: text(record.model) ?? 'unknown',
    cost: finiteNumber(record.cost) ?? 0,
    usageTotal: finiteNumber(record.usage_total),
  };
}

function readUsageByDay(raw: unknown): UsageByDay | null {
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const date = text(record.date);
  if (!date) return null;
  return {
    date,
    model: text(record.model) ?? 'unknown',
    credits: finiteNumber(record.credits) ?? 0,
    calls: finiteNumber(record.calls) ?? 0,
  };
}

export function normalizeUsageReply(raw: unknown): UsageSnapshot {
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const logs: unknown[] = Array.isArray(record.usageLogs) ? record.usageLogs : [];
  const byDay: unknown[] = Array.isArray(record.usageByDay) ? record.usageByDay : [];
  return {
    balance: readBalance(record.balance),
    hasKey: record.hasKey === true,
    usageLogs: logs.map(normalizeUsageLog),
    usageByDay: byDay.flatMap((entry) => readUsageByDay(entry) ?? []),
    error: text(record.error),
  };
}

/** GET /api/openrouter/usage (same-origin credentials). A failure carries the error body's text. */
export async function fetchUsageOrThrow(signal: AbortSignal): Promise<UsageSnapshot> {
  try {
    const reply = await apiRequest<unknown>('/api/openrouter/usage', {
      signal,
      silentUnauthorized: true,
      fallbackMessage: USAGE_FETCH_FAILED,
    });
    return normalizeUsageReply(reply);
  } catch (error) {
    if (error instanceof ApiError && typeof error.body === 'string' && error.body.trim()) {
      throw new ApiError({ status: error.status, body: error.body, message: error.body.trim(), kind: error.kind });
    }
    throw error;
  }
}

export type RedeemPromoResult = { balance: LooseBalance | null; amount: number | null };

/** POST /api/openrouter/credits/redeem {code}. */
export async function redeemPromoCodeOrThrow(code: string): Promise<RedeemPromoResult> {
  const reply = await apiRequest<Record<string, unknown> | null>('/api/openrouter/credits/redeem', {
    method: 'POST',
    body: { code },
    fallbackMessage: 'Unable to redeem promo code.',
  });
  if (reply && text(reply.error)) {
    throw new ApiError({
      status: 400,
      body: reply,
      message: text(reply.reason) ?? text(reply.error) ?? 'Unable to redeem promo code.',
      kind: 'other',
    });
  }
  return { balance: readBalance(reply?.balance), amount: finiteNumber(reply?.amount) };
}
