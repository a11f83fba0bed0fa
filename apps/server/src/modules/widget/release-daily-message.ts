import type { Database } from '../../platform/db/database';
import { runPreparedStatement } from '../../platform/db/run-prepared-statement';
import { releaseDailyReservationStatement, type ReservationValues } from './to-widget-turn';
import type { DailyMessageReservation } from './take-daily-message';

/** Gives back a counted message that got no answer (the provider failed, the visitor left). Does nothing once its turn is stored. */
export async function releaseDailyMessage(options: {
  db: Database;
  connectionId: string;
  reservation: DailyMessageReservation;
}): Promise<void> {
  await runPreparedStatement<unknown, ReservationValues>(options.db, releaseDailyReservationStatement, {
    connectionId: options.connectionId,
    reservationId: options.reservation.id,
    reservationDay: options.reservation.day,
  });
}
