import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { DailyMessageReservation } from './take-daily-message';
import { widgetDailyReservation } from './widget.tables';

/** Gives back a counted message that got no answer (the provider failed, the visitor left). Does nothing once its turn is stored. */
export async function releaseDailyMessage(options: {
  db: Database;
  reservation: DailyMessageReservation;
}): Promise<void> {
  await options.db.delete(widgetDailyReservation).where(eq(widgetDailyReservation.id, options.reservation.id));
}
