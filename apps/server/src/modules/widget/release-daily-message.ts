import type { Database } from '../../platform/db/database';
import { releaseDailyReservationSql } from './save-widget-turn';
import type { DailyMessageReservation } from './take-daily-message';

/** Gives back a counted message that got no answer (the provider failed, the visitor left). Does nothing once its turn is stored. */
export async function releaseDailyMessage(options: {
  db: Database;
  connectionId: string;
  reservation: DailyMessageReservation;
}): Promise<void> {
  await options.db.execute(releaseDailyReservationSql(options));
}
