import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { creditBalance } from './credits.tables';

export type CreditBalance = {
  planMillicredits: number;
  bonusMillicredits: number;
  /** Negative when a call cost more than the balance held: that much is owed. */
  totalMillicredits: number;
  /** What is owed (0 or more); billed calls are refused until a grant or purchase covers it. */
  debtMillicredits: number;
  planLimitMillicredits: number;
  periodKey: string;
  periodStartedAt: Date | null;
};

/** What a billing user can spend now; a user who was never granted anything has zero. */
export async function getCreditBalance(options: { db: Database; billingUserId: string }): Promise<CreditBalance> {
  const [row] = await options.db
    .select()
    .from(creditBalance)
    .where(eq(creditBalance.userId, options.billingUserId))
    .limit(1);
  const plan = row?.planMillicredits ?? 0;
  const bonus = row?.bonusMillicredits ?? 0;
  return {
    planMillicredits: plan,
    bonusMillicredits: bonus,
    totalMillicredits: plan + bonus,
    debtMillicredits: Math.max(0, -bonus),
    planLimitMillicredits: row?.planLimitMillicredits ?? 0,
    periodKey: row?.periodKey ?? '',
    periodStartedAt: row?.periodStartedAt ?? null,
  };
}
