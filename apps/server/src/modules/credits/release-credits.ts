import type { Database } from '../../platform/db/database';
import { closeHold } from './close-hold';

/** Gives a whole hold back (the call failed or never ran). Idempotent per hold. */
export async function releaseCredits(options: { db: Database; holdId: string }): Promise<void> {
  await closeHold({ db: options.db, holdId: options.holdId, chargeMillicredits: 0 });
}
