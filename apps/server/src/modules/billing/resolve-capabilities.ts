import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { freeCapabilities, resolvePlanCapabilities, type PlanCapabilities, type PlanFamily } from '@agentry/core/plans';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { subaccountSettings } from '../accounts/accounts.tables';
import { getSubaccountOwnerOrThrow } from '../accounts/get-subaccount-owner';
import { billingPrice } from './billing.tables';
import { listEntitledSubscriptions } from './get-billing-subscription';

export type ResolvedCapabilities = {
  capabilities: PlanCapabilities;
  planFamily: PlanFamily | null;
  tierCode: string | null;
};

const limitRank = (value: number | null) => (value === null ? Number.POSITIVE_INFINITY : value);

/** The richer of two capability sets, value by value (a lifetime deal next to a subscription). */
function mergeCapabilities(left: PlanCapabilities, right: PlanCapabilities): PlanCapabilities {
  const pickLimit = (a: number | null, b: number | null) => (limitRank(a) >= limitRank(b) ? a : b);
  return {
    limits: {
      subaccounts: pickLimit(left.limits.subaccounts, right.limits.subaccounts),
      connections_per_type: pickLimit(left.limits.connections_per_type, right.limits.connections_per_type),
      agents_per_subaccount: pickLimit(left.limits.agents_per_subaccount, right.limits.agents_per_subaccount),
    },
    demos: {
      basic: left.demos.basic || right.demos.basic,
      advanced: left.demos.advanced || right.demos.advanced,
      whitelabel: left.demos.whitelabel || right.demos.whitelabel,
    },
    features: {
      marketplace: left.features.marketplace || right.features.marketplace,
      whitelabel_subaccounts: left.features.whitelabel_subaccounts || right.features.whitelabel_subaccounts,
      whitelabel_branding: left.features.whitelabel_branding || right.features.whitelabel_branding,
      priority_support: left.features.priority_support || right.features.priority_support,
    },
  };
}

/** What the plans in force allow together, value by value; the free defaults when there is none. */
export function capabilitiesOfPlans(plans: readonly Parameters<typeof resolvePlanCapabilities>[0][]): PlanCapabilities {
  const resolved = plans.filter((plan) => plan != null).map((plan) => resolvePlanCapabilities(plan));
  return resolved.length === 0 ? freeCapabilities : resolved.reduce(mergeCapabilities);
}

/** What a billing user's plan allows: the free defaults without a plan in force. */
export async function resolveCapabilities(options: {
  db: Database;
  billingUserId: string;
}): Promise<ResolvedCapabilities> {
  const subscriptions = await listEntitledSubscriptions({ db: options.db, userId: options.billingUserId });
  const priceIds = subscriptions.map((row) => row.priceId).filter((id): id is string => Boolean(id));
  if (priceIds.length === 0) return { capabilities: freeCapabilities, planFamily: null, tierCode: null };
  const prices = await options.db
    .select({
      capabilities: billingPrice.capabilities,
      planFamily: billingPrice.planFamily,
      tierCode: billingPrice.tierCode,
      creditLimit: billingPrice.creditLimit,
    })
    .from(billingPrice)
    .where(inArray(billingPrice.providerPriceId, priceIds));
  const planPrices = prices.filter((price) => price.capabilities !== null);
  if (planPrices.length === 0) return { capabilities: freeCapabilities, planFamily: null, tierCode: null };
  const best = [...planPrices].sort((a, b) => b.creditLimit - a.creditLimit)[0];
  const capabilities = capabilitiesOfPlans(planPrices.map((price) => price.capabilities));
  return {
    capabilities,
    planFamily: (best?.planFamily as PlanFamily | null) ?? null,
    tierCode: best?.tierCode ?? null,
  };
}

export type CapabilityCheck =
  | { feature: keyof PlanCapabilities['features'] }
  | { demo: keyof PlanCapabilities['demos'] }
  /** `currentCount`: how many exist before the one being added. */
  | { limit: keyof PlanCapabilities['limits']; currentCount: number };

export function isCapabilityAllowed(capabilities: PlanCapabilities, check: CapabilityCheck): boolean {
  if ('feature' in check) return capabilities.features[check.feature];
  if ('demo' in check) return capabilities.demos[check.demo];
  const limit = capabilities.limits[check.limit];
  return limit === null || check.currentCount < limit;
}

/** 403 'Pick a plan to use this feature' when the billing user's plan does not allow it. */
export async function assertCapabilityOrThrow(options: {
  db: Database;
  billingUserId: string;
  check: CapabilityCheck;
}): Promise<void> {
  const { capabilities } = await resolveCapabilities(options);
  if (!isCapabilityAllowed(capabilities, options.check)) {
    throw new AppError('PLAN_REQUIRED', {
      extra: {
        capability:
          'feature' in options.check
            ? options.check.feature
            : 'demo' in options.check
              ? `demos.${options.check.demo}`
              : options.check.limit,
      },
    });
  }
}

/** The same check for work inside a sub account: its owner's plan decides. */
export async function assertSubaccountCapabilityOrThrow(options: {
  db: Database;
  subaccountId: string;
  check: CapabilityCheck;
}): Promise<void> {
  const billingUserId = await getSubaccountOwnerOrThrow({ db: options.db, subaccountId: options.subaccountId });
  await assertCapabilityOrThrow({ db: options.db, billingUserId, check: options.check });
}

/** Sub accounts a user owns that are not locked: what the plan's sub-account limit counts. */
export async function countActiveOwnedSubaccounts(options: { db: Database; userId: string }): Promise<number> {
  const [row] = await options.db
    .select({ value: count() })
    .from(subaccountSettings)
    .where(and(eq(subaccountSettings.ownerUserId, options.userId), isNull(subaccountSettings.lockedAt)));
  return row?.value ?? 0;
}

/** Before creating a sub account: 403 when the plan's sub-account limit is reached. */
export async function assertCanCreateSubaccount(options: { db: Database; userId: string }): Promise<void> {
  const currentCount = await countActiveOwnedSubaccounts(options);
  await assertCapabilityOrThrow({
    db: options.db,
    billingUserId: options.userId,
    check: { limit: 'subaccounts', currentCount },
  });
}
