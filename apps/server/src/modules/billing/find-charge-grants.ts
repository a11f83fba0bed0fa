import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { ProviderCharge, ProviderInvoice } from '../../platform/payments/billing-provider';
import { creditLedger } from '../credits/credits.tables';
import { monthlyGrantKeyPrefix } from './grant-monthly-allowances';
import type { ChargeGrant } from './plan-charge-reversal';
import { lifetimeSubscriptionId } from './process-checkout-session';

type GrantRow = Pick<typeof creditLedger.$inferSelect, 'idempotencyKey' | 'kind' | 'planDelta' | 'bonusDelta'>;

/**
 * The ledger keys of what a payment granted: a subscription invoice's period (and, for a yearly
 * plan, the months of that year granted since) or its upgrade proration; a checkout's bonus; a
 * lifetime deal's months.
 */
function grantKeysOf(charge: ProviderCharge, invoice: ProviderInvoice | null) {
  const keys: string[] = [];
  const prefixes: string[] = [];
  if (charge.invoiceId) keys.push(`invoice:${charge.invoiceId}`, `upgrade:${charge.invoiceId}`);
  const periodLine = invoice?.lines.find((line) => !line.isProration && line.priceId && line.amount >= 0);
  if (invoice?.subscriptionId && periodLine)
    prefixes.push(monthlyGrantKeyPrefix(invoice.subscriptionId, periodLine.periodStart));
  if (charge.checkoutSessionId) {
    keys.push(`checkout-bonus:${charge.checkoutSessionId}`);
    prefixes.push(monthlyGrantKeyPrefix(lifetimeSubscriptionId(charge.checkoutSessionId)));
  }
  return { keys, prefixes };
}

/**
 * The plan credits of a period that is over and expired unused, as recorded by the grant that
 * opened the next period. All of them count against this period's grant: an upgrade's prorated
 * credits in the same period are taken back whole.
 */
async function findExpiredAtClose(db: Database, userId: string, grant: GrantRow, periodKey: string) {
  if (grant.idempotencyKey === periodKey) return 0;
  const [next] = await db
    .select({ idempotencyKey: creditLedger.idempotencyKey })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, userId),
        eq(creditLedger.kind, 'grant'),
        // Compared in the database: a JavaScript Date would drop the timestamp's microseconds.
        sql`${creditLedger.createdAt} > (select created_at from credit_ledger where idempotency_key = ${grant.idempotencyKey})`,
      ),
    )
    .orderBy(asc(creditLedger.createdAt))
    .limit(1);
  if (!next) return 0;
  const [expired] = await db
    .select({ planDelta: creditLedger.planDelta })
    .from(creditLedger)
    .where(eq(creditLedger.idempotencyKey, `expire:${next.idempotencyKey}`))
    .limit(1);
  return Math.min(grant.planDelta, -(expired?.planDelta ?? 0));
}

/** What a payment granted, read from the ledger (inside the reversal's transaction). */
export async function findChargeGrants(options: {
  db: Database;
  userId: string;
  charge: ProviderCharge;
  invoice: ProviderInvoice | null;
  /** The grant that opened the current period. */
  periodKey: string;
}): Promise<ChargeGrant[]> {
  const { db, userId } = options;
  const { keys, prefixes } = grantKeysOf(options.charge, options.invoice);
  const matches: SQL[] = prefixes.map((prefix) => sql`starts_with(${creditLedger.idempotencyKey}, ${prefix})`);
  if (keys.length > 0) matches.push(inArray(creditLedger.idempotencyKey, keys));
  if (matches.length === 0) return [];
  const rows = await db
    .select({
      idempotencyKey: creditLedger.idempotencyKey,
      kind: creditLedger.kind,
      planDelta: creditLedger.planDelta,
      bonusDelta: creditLedger.bonusDelta,
    })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, userId),
        inArray(creditLedger.kind, ['grant', 'upgrade_proration', 'pack']),
        or(...matches),
      ),
    );
  const grants: ChargeGrant[] = [];
  for (const row of rows) {
    if (row.kind === 'pack') {
      grants.push({ origin: 'bonus', grantedMillicredits: row.bonusDelta, expiredMillicredits: 0 });
      continue;
    }
    const expired = row.kind === 'grant' ? await findExpiredAtClose(db, userId, row, options.periodKey) : 0;
    grants.push({ origin: 'plan', grantedMillicredits: row.planDelta, expiredMillicredits: expired });
  }
  return grants;
}
