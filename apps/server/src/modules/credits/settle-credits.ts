import type { Database } from '../../platform/db/database';
import { closeHold, type HoldClosing, type UsageRecord } from './close-hold';

/**
 * Charges the real cost of a reserved call and gives the rest of the hold back; a cost above
 * the hold is taken from the balance, and what the balance cannot cover is owed. Idempotent
 * per hold: a second settle, or a settle after a release, does nothing.
 */
export async function settleCredits(options: {
  db: Database;
  holdId: string;
  millicredits: number;
  usage: UsageRecord;
}): Promise<HoldClosing> {
  return closeHold({
    db: options.db,
    holdId: options.holdId,
    chargeMillicredits: options.millicredits,
    usage: options.usage,
  });
}
