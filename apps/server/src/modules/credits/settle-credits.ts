import type { Database } from '../../platform/db/database';
import { closeHold, type UsageRecord } from './close-hold';

/**
 * Charges the real cost of a reserved call (never more than was held) and gives the rest
 * back. Idempotent per hold: a second settle, or a settle after a release, does nothing.
 */
export async function settleCredits(options: { db: Database; holdId: string; millicredits: number; usage: UsageRecord }): Promise<void> {
  await closeHold({ db: options.db, holdId: options.holdId, chargeMillicredits: options.millicredits, usage: options.usage });
}
