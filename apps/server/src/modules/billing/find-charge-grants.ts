import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
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

const createdAtOf = (key: string) => sql`(select created_at from credit_ledger where idempotency_key = ${key})`;

/** The grant that opened the period a plan grant belongs to: itself, or for a proration the last period grant before it. */
async function findPeriodGrant(db: Database, userId: string, row: GrantRow) {
  if (row.kind === 'grant') return row.idempotencyKey;
  const [base] = await db
    .select({ idempotencyKey: creditLedger.idempotencyKey })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, userId),
        eq(creditLedger.kind, 'grant'),
        // Compared in the database: a JavaScript Date would drop the timestamp's microseconds.
        sql`${creditLedger.createdAt} < ${createdAtOf(row.idempotencyKey)}`,
      ),
    )
    .orderBy(desc(creditLedger.createdAt))
    .limit(1);
  return base?.idempotencyKey ?? null;
}

/**
 * The plan credits of a period that is over and expired unused (as recorded by the grant that
 * opened the next period), split among what the period granted: its upgrade prorations first, in
 * the order they were added, each up to its amount, then the grant that opened it. Each grant of
 * the period gets its own share, so refunding the upgrade and the period's invoice never counts
 * the same expired credits twice. Nothing for the current period: nothing of it has expired.
 */
async function splitExpiredAtClose(db: Database, userId: string, periodGrantKey: string, periodKey: string) {
  const shares = new Map<string, number>();
  if (periodGrantKey === periodKey) return shares;
  const [next] = await db
    .select({ idempotencyKey: creditLedger.idempotencyKey })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, userId),
        eq(creditLedger.kind, 'grant'),
        sql`${creditLedger.createdAt} > ${createdAtOf(periodGrantKey)}`,
      ),
    )
    .orderBy(asc(creditLedger.createdAt))
    .limit(1);
  if (!next) return shares;
  const [expired] = await db
    .select({ planDelta: creditLedger.planDelta })
    .from(creditLedger)
    .where(eq(creditLedger.idempotencyKey, `expire:${next.idempotencyKey}`))
    .limit(1);
  const grants = await db
    .select({ idempotencyKey: creditLedger.idempotencyKey, planDelta: creditLedger.planDelta })
    .from(creditLedger)
    .where(
      or(
        eq(creditLedger.idempotencyKey, periodGrantKey),
        and(
          eq(creditLedger.userId, userId),
          eq(creditLedger.kind, 'upgrade_proration'),
          sql`${creditLedger.createdAt} > ${createdAtOf(periodGrantKey)}`,
          sql`${creditLedger.createdAt} < ${createdAtOf(next.idempotencyKey)}`,
        ),
      ),
    )
    .orderBy(asc(creditLedger.createdAt), asc(creditLedger.idempotencyKey));
  // The period's own grant was made before its prorations: it comes last.
  const ordered = [
    ...grants.filter((grant) => grant.idempotencyKey !== periodGrantKey),
    ...grants.filter((grant) => grant.idempotencyKey === periodGrantKey),
  ];
  let left = -(expired?.planDelta ?? 0);
  for (const grant of ordered) {
    const share = Math.max(0, Math.min(grant.planDelta, left));
    shares.set(grant.idempotencyKey, share);
    left -= share;
  }
  return shares;
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
  const periods = new Map<string, Map<string, number>>();
  for (const row of rows) {
    if (row.kind === 'pack') {
      grants.push({ origin: 'bonus', grantedMillicredits: row.bonusDelta, expiredMillicredits: 0 });
      continue;
    }
    const periodGrantKey = await findPeriodGrant(db, userId, row);
    let shares = periodGrantKey ? periods.get(periodGrantKey) : undefined;
    if (periodGrantKey && !shares) {
      shares = await splitExpiredAtClose(db, userId, periodGrantKey, options.periodKey);
      periods.set(periodGrantKey, shares);
    }
    const expired = shares?.get(row.idempotencyKey) ?? 0;
    grants.push({ origin: 'plan', grantedMillicredits: row.planDelta, expiredMillicredits: expired });
  }
  return grants;
}
