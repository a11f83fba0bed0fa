import { sql, type SQL } from 'drizzle-orm';
import type { PlanCapabilities } from '@agentry/core/plans';
import type { Database } from '../../platform/db/database';
import { selectList } from '../../platform/db/select-list';
import { prepareStatement } from '../../platform/db/prepare-statement';
import { runPreparedStatement } from '../../platform/db/run-prepared-statement';
import { ENTITLED_STATUSES } from './get-billing-subscription';
import { capabilitiesOfPlans } from './resolve-capabilities';

export type SubaccountLockState = {
  isLocked: boolean;
  /** The agency user whose plan and credits the sub account uses; null when it has no settings row. */
  ownerUserId: string | null;
};

/** What the lock columns answer (subaccountLockColumns). */
export type SubaccountLockRow = {
  isLockedByChoice: boolean;
  ownerUserId: string | null;
  plans: (PlanCapabilities | null)[];
  activeCount: number;
  position: number;
};

/**
 * The columns of the lock state, for a statement over the sub account's settings row as `s` and
 * its organization row as `own` (either may be missing: no settings row is not locked). Shared
 * by readSubaccountLockState and the gateway's one read before a call (readTurnContextOrThrow).
 */
export function subaccountLockColumns(): Record<keyof SubaccountLockRow, SQL> {
  const entitled = sql.join(
    ENTITLED_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  return {
    isLockedByChoice: sql`coalesce(s.locked_at is not null, false)`,
    ownerUserId: sql`s.owner_user_id`,
    plans: sql`(select coalesce(json_agg(p.capabilities), '[]'::json)
         from billing_subscription b
         join billing_price p on p.provider_price_id = b.price_id
        where b.user_id = s.owner_user_id and b.status in (${entitled}) and p.capabilities is not null)`,
    activeCount: sql`(select count(*)::int
         from subaccount_settings a join organization o on o.id = a.subaccount_id
        where a.owner_user_id = s.owner_user_id and a.locked_at is null)`,
    position: sql`(select count(*)::int
         from subaccount_settings a join organization o on o.id = a.subaccount_id
        where a.owner_user_id = s.owner_user_id and a.locked_at is null
          and (o.created_at, a.subaccount_id) <= (own.created_at, s.subaccount_id))`,
  };
}

/** The lock state of a row of subaccountLockColumns; no row (no settings row) is not locked. */
export function toSubaccountLockState(row: SubaccountLockRow | undefined): SubaccountLockState {
  if (!row?.ownerUserId) return { isLocked: false, ownerUserId: null };
  if (row.isLockedByChoice) return { isLocked: true, ownerUserId: row.ownerUserId };
  const allowed = capabilitiesOfPlans(row.plans).limits.subaccounts;
  // Beyond the plan's limit while the owner has not chosen: the oldest `allowed` stay writable.
  const isLocked = allowed !== null && row.activeCount > allowed && !(row.position >= 1 && row.position <= allowed);
  return { isLocked, ownerUserId: row.ownerUserId };
}

/**
 * The lock state's statement over the sub account's organization row (no row: not found, which
 * toSubaccountLockState answers as not locked; the gateway answers it 404).
 */
export const lockStateStatement = prepareStatement<{ subaccountId: string }>(
  'subaccount_lock_state',
  sql`select ${selectList(subaccountLockColumns())}
    from organization own left join subaccount_settings s on s.subaccount_id = own.id
    where own.id = ${sql.placeholder('subaccountId')}`,
);

/**
 * A sub account locked after a downgrade is read-only until an upgrade clears the lock.
 *
 * Locked means: the owner locked it when choosing which sub account to keep, or the owner has
 * not chosen yet and has more active sub accounts than the plan allows. Until that choice the
 * oldest ones the plan allows stay writable and the rest are read-only, so a downgrade takes
 * effect on the server whether or not the client ever shows the choice.
 *
 * One statement (it runs on every chat message): the lock, the owner, the capabilities of the
 * owner's plans in force, how many of the owner's sub accounts are active and where this one
 * stands among them, oldest first.
 */
export async function readSubaccountLockState(options: {
  db: Database;
  subaccountId: string;
}): Promise<SubaccountLockState> {
  const [row] = await runPreparedStatement<SubaccountLockRow, { subaccountId: string }>(
    options.db,
    lockStateStatement,
    { subaccountId: options.subaccountId },
  );
  return toSubaccountLockState(row);
}

/** Whether the sub account is read-only now (readSubaccountLockState). */
export async function isSubaccountLocked(options: { db: Database; subaccountId: string }): Promise<boolean> {
  return (await readSubaccountLockState(options)).isLocked;
}
