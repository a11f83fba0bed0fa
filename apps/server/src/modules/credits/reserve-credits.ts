import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { rowsOf } from '../../platform/db/rows-of';
import { assertMillicredits, debitBalanceSql } from './debit-balance';

/**
 * Debits the estimated maximum of a call before it runs (402 when the balance cannot cover
 * it): the conditional UPDATE, the hold and its ledger entry in one statement. The hold is
 * settled with the real cost (settleCredits) or released (releaseCredits); the sweeper
 * releases holds left open for more than ten minutes.
 */
export async function reserveCredits(options: {
  db: Database;
  billingUserId: string;
  millicredits: number;
  reference: string;
}): Promise<{ holdId: string }> {
  const { db, billingUserId, millicredits } = options;
  assertMillicredits(millicredits);
  const holdId = randomUUID();
  const result = await db.execute(sql`
    with debit as (${debitBalanceSql({ billingUserId, millicredits })}),
    hold as (
      insert into credit_hold (id, user_id, plan_millicredits, bonus_millicredits, period_key, reference)
      select ${holdId}, ${billingUserId}, plan_share, ${millicredits}::bigint - plan_share, period_key, ${options.reference} from debit
      returning id
    ),
    entry as (
      insert into credit_ledger (id, user_id, kind, plan_delta, bonus_delta, idempotency_key, reference, metadata)
      select ${randomUUID()}, ${billingUserId}, 'hold', -plan_share, plan_share - ${millicredits}::bigint, ${`hold:${holdId}`}, ${holdId}, ${JSON.stringify({ reference: options.reference })}::jsonb from debit
      returning id
    )
    select id from hold`);
  if (rowsOf(result).length === 0) throw new AppError('INSUFFICIENT_CREDITS');
  return { holdId };
}
