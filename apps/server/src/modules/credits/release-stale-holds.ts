import { and, asc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { creditHold } from './credits.tables';
import { releaseCredits } from './release-credits';

export const STALE_HOLD_AGE_MS = 10 * 60 * 1000;
/** Beyond the longest a call may run, for its settlement to land. */
const SETTLE_MARGIN_MS = 5 * 60 * 1000;

/**
 * The sweeper: releases holds that were never settled, once their call cannot be running any more:
 * older than ten minutes, or than the call's timeout (LLM_TIMEOUT_MS, `requestTimeoutMs`, which
 * bounds all the steps of a call) plus five minutes when that is longer. Answers how many.
 */
export async function releaseStaleHolds(options: {
  db: Database;
  now?: Date;
  batchSize?: number;
  requestTimeoutMs?: number;
}): Promise<number> {
  const maxAgeMs = Math.max(STALE_HOLD_AGE_MS, (options.requestTimeoutMs ?? 0) + SETTLE_MARGIN_MS);
  const cutoff = new Date((options.now ?? new Date()).getTime() - maxAgeMs);
  const stale = await options.db
    .select({ id: creditHold.id })
    .from(creditHold)
    .where(and(eq(creditHold.status, 'held'), lt(creditHold.createdAt, cutoff)))
    .orderBy(asc(creditHold.createdAt))
    .limit(options.batchSize ?? 500);
  // Each release is conditional on the hold still being open, so a settle racing the sweeper wins cleanly.
  for (const hold of stale) await releaseCredits({ db: options.db, holdId: hold.id });
  return stale.length;
}
