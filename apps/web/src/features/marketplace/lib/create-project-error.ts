import { PLAN_REQUIRED_MESSAGE } from '@agentry/core/error-messages';
import {
  DEFAULT_DAILY_PROJECT_LIMIT,
  formatCreateProjectFailure,
  formatDailyLimitMessage,
} from '@agentry/core/marketplace';
import { ApiError } from '@/lib/api';

export const NETWORK_ERROR_MESSAGE = 'Unable to connect to the service.';

export type CreateProjectFailure =
  | { kind: 'daily-limit'; message: string }
  | { kind: 'plan'; message: string }
  | { kind: 'signin'; message: string }
  | { kind: 'other'; message: string };

function readRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

function readNumber(value: unknown) {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function readText(value: unknown) {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The limit fields may come at the top of the body or inside its structured `error`. */
function readDailyLimit(body: unknown) {
  const root = readRecord(body);
  const nested = readRecord(root?.error);
  for (const source of [root, nested]) {
    if (source?.dailyLimitReached === true) {
      const dailyLimit = readNumber(source.dailyLimit) ?? DEFAULT_DAILY_PROJECT_LIMIT;
      return { dailyLimit, projectsToday: readNumber(source.projectsToday) ?? dailyLimit };
    }
  }
  return undefined;
}

/** The server's own text: a plain `error`, a structured `error.message`, or `message`. */
function readServerMessage(body: unknown) {
  const root = readRecord(body);
  return readText(root?.error) ?? readText(readRecord(root?.error)?.message) ?? readText(root?.message);
}

/** docs/product/marketplace.md#limits: what the wizard says when POST /api/marketplace/projects fails. */
export function describeCreateProjectFailure(error: unknown): CreateProjectFailure {
  if (!(error instanceof ApiError)) return { kind: 'other', message: NETWORK_ERROR_MESSAGE };
  if (error.status === 429) {
    const limit = readDailyLimit(error.body);
    if (limit) return { kind: 'daily-limit', message: formatDailyLimitMessage(limit.dailyLimit, limit.projectsToday) };
  }
  if (error.kind === 'plan') return { kind: 'plan', message: PLAN_REQUIRED_MESSAGE };
  if (error.status === 401) return { kind: 'signin', message: error.message };
  return { kind: 'other', message: readServerMessage(error.body) ?? formatCreateProjectFailure(error.status) };
}
