import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/database';
import { prepareStatement } from '../../platform/db/prepare-statement';
import { retryOnceOnDeadlock } from '../../platform/db/postgres-errors';
import { runPreparedStatement } from '../../platform/db/run-prepared-statement';
import type { DailyMessageReservation } from './take-daily-message';

type ReleaseValues = { connectionId: string; reservationId: string; reservationDay: string };

const value = (key: keyof ReleaseValues) => sql.placeholder(key);

/**
 * A reservation given back, in one statement: deleted and taken off its day's count when it is
 * still there (a stored turn deleted its own; an expired one was taken off by the check that
 * deleted it).
 */
const releaseStatement = prepareStatement<ReleaseValues>(
  'widget_release_daily_message',
  sql`with gone as (
      delete from widget_daily_reservation
      where id = ${value('reservationId')}
      returning 1
    )
    update widget_daily_count set count = count - 1
    where connection_id = ${value('connectionId')} and day = ${value('reservationDay')}::date
      and exists (select 1 from gone)`,
);

/**
 * Gives back a counted message that got no answer (the provider failed, the visitor left, the
 * request was refused). Does nothing once its turn is stored. Never throws: the failure that
 * led here is what the visitor sees, and a reservation that could not be given back stops
 * counting when it expires; the error is logged.
 */
export async function releaseDailyMessage(options: {
  db: Database;
  logger: FastifyBaseLogger;
  connectionId: string;
  reservation: DailyMessageReservation;
}): Promise<void> {
  const values = {
    connectionId: options.connectionId,
    reservationId: options.reservation.id,
    reservationDay: options.reservation.day,
  };
  // The other side of the check's rare lock cycle (see takeDailyMessageOrThrow).
  await retryOnceOnDeadlock(() =>
    runPreparedStatement<unknown, ReleaseValues>(options.db, releaseStatement, values),
  ).catch((error: unknown) => options.logger.error({ err: error }, 'could not release a widget daily message'));
}
