import type { UsageByDay } from '@agentry/core/billing';
import type { UsageLogEntry } from '../api/usage';

export type UsageChartData = {
  rows: Record<string, number | string>[];
  models: string[];
  total: number;
  /** The tallest stacked bar (one day's credits over all models). */
  maxDayTotal: number;
};

export type ChartAxis = { ticks: number[]; format: (value: number) => string };

/**
 * A value axis from 0 with about five round steps (1, 2 or 5 times a power of ten) and labels
 * with just the decimals the step needs, so no two labels read the same.
 */
export function niceAxis(max: number, targetSteps = 5): ChartAxis {
  const top = Number.isFinite(max) && max > 0 ? max : 1;
  const rough = top / targetSteps;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 5, 10].find((factor) => factor * magnitude >= rough) ?? 10) * magnitude;
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  const count = Math.ceil(top / step - 1e-9);
  const ticks = Array.from({ length: count + 1 }, (_, index) => Number((index * step).toFixed(decimals)));
  const formatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: decimals });
  return { ticks, format: (value) => formatter.format(value) };
}

/** The day (UTC, YYYY-MM-DD) of a timestamp, or null. */
function dayOf(timestamp: string | null): string | null {
  if (!timestamp) return null;
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}

/** Credits per day and model from the log when the server sends no daily series. */
export function aggregateUsageLogs(logs: readonly UsageLogEntry[]): UsageByDay[] {
  const totals = new Map<string, UsageByDay>();
  for (const log of logs) {
    const date = dayOf(log.timestamp);
    if (!date) continue;
    const key = `${date}|${log.model}`;
    const entry = totals.get(key) ?? { date, model: log.model, credits: 0, calls: 0 };
    entry.credits += log.cost;
    entry.calls += 1;
    totals.set(key, entry);
  }
  return [...totals.values()];
}

/** One row per day (oldest first) with a column per model, for a stacked bar chart. */
export function buildUsageChartData(byDay: readonly UsageByDay[]): UsageChartData {
  const models = [...new Set(byDay.map((entry) => entry.model))].sort();
  const rows = new Map<string, Record<string, number | string>>();
  let total = 0;
  const dayTotals = new Map<string, number>();
  for (const entry of byDay) {
    dayTotals.set(entry.date, (dayTotals.get(entry.date) ?? 0) + entry.credits);
    const row = rows.get(entry.date) ?? { date: entry.date };
    row[entry.model] = Math.round((((row[entry.model] as number | undefined) ?? 0) + entry.credits) * 1000) / 1000;
    rows.set(entry.date, row);
    total += entry.credits;
  }
  return {
    rows: [...rows.values()].sort((a, b) => String(a.date).localeCompare(String(b.date))),
    models,
    total,
    maxDayTotal: Math.max(0, ...dayTotals.values()),
  };
}
