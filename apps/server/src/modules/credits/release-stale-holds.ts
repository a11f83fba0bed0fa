import { and, asc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { creditHold } from './credits.tables';
import { releaseCredits } from './release-credits';

export const STALE_HOLD_AGE_MS = 10 * 60 * 1000;

/** The sweeper: releases holds older than ten minutes that were never settled. Answers how many. */
export async function releaseStaleHolds(options: { db: Database; now?: Date; batchSize?: number }): Promise<number> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - STALE_HOLD_AGE_MS);
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
