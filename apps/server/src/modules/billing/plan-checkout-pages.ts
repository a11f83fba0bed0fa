import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { sleep } from '@agentry/core/sleep';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { ProviderCheckoutSession } from '../../platform/payments/billing-provider';
import { billingSubscription, planCheckoutLock } from './billing.tables';
import type { BillingContext } from './billing-context';
import { findCustomerId } from './ensure-billing-customer';
import { processCheckoutSession } from './process-checkout-session';

/** How far back another tab's checkout page is looked for (Stripe keeps a page open for 24 hours). */
const PAGES_SINCE_MS = 24 * 3_600_000;

/** A page that buys a plan: a subscription (a first one or a resubscription), or the lifetime deal. */
function isPlanPage(session: ProviderCheckoutSession) {
  return session.mode === 'subscription' || session.metadata.plan === 'true';
}

export type PlanPages = {
  /** Every page of the last day, whatever its status. */
  all: ProviderCheckoutSession[];
  /** A page was paid by a method that settles later (SEPA, ACH): that plan is on its way. */
  isPaymentPending: boolean;
};

/**
 * An account holds one plan. Its plan checkout pages of the last day: a paid one whose event has
 * not arrived yet is processed now, so the plan checks that follow see its plan.
 */
export async function readPlanPages(context: BillingContext, userId: string): Promise<PlanPages> {
  const customerId = await findCustomerId({ db: context.db, userId });
  if (!customerId) return { all: [], isPaymentPending: false };
  const since = new Date((await context.provider.now()).getTime() - PAGES_SINCE_MS);
  const all = (await context.provider.listCheckoutSessions({ customerId, since })).filter(isPlanPage);
  const paid = all.filter((page) => page.status === 'complete');
  const stored = await listStoredPlans(context, paid);
  for (const page of paid) if (!stored.has(planIdOf(page))) await processPage(context, page.id);
  return { all, isPaymentPending: paid.some((page) => page.paymentStatus === 'unpaid') };
}

/** The plan row a paid page makes: its subscription, or the lifetime deal's own row. */
function planIdOf(page: ProviderCheckoutSession) {
  return page.subscriptionId ?? `lifetime_${page.id}`;
}

/** Which of these pages' plans are stored already (their events were handled): no need to ask again. */
async function listStoredPlans(context: BillingContext, pages: ProviderCheckoutSession[]) {
  if (pages.length === 0) return new Set<string>();
  const rows = await context.db
    .select({ id: billingSubscription.id })
    .from(billingSubscription)
    .where(inArray(billingSubscription.id, pages.map(planIdOf)));
  return new Set(rows.map((row) => row.id));
}

function processPage(context: BillingContext, sessionId: string) {
  return processCheckoutSession({ db: context.db, provider: context.provider, sessionId, logger: context.logger });
}

/**
 * Opens a plan page and closes the account's other open plan pages, so two tabs cannot both be
 * paid. A provider answering an idempotent repeat with a page closed since (a quick switch back
 * to a plan within the minute) gets asked once more with a fresh key. Answers null when a page
 * was paid before it could be closed: that plan is in force, and the new page is closed too.
 */
export async function openPlanPage(
  context: BillingContext,
  pages: PlanPages,
  create: (retry: boolean) => Promise<{ id: string; url: string }>,
): Promise<{ id: string; url: string } | null> {
  let session = await create(false);
  if (pages.all.some((page) => page.id === session.id && page.status !== 'open')) session = await create(true);
  for (const page of pages.all.filter((candidate) => candidate.status === 'open' && candidate.id !== session.id)) {
    if ((await context.provider.expireCheckoutSession(page.id)) === 'expired') continue;
    await processPage(context, page.id);
    await context.provider.expireCheckoutSession(session.id);
    return null;
  }
  return session;
}

const running = new Map<string, Promise<unknown>>();

/** A lock not renewed for this long lost its instance (the holder renews it every RENEW_MS). */
const LEASE_MS = 30_000;
const RENEW_MS = 10_000;
/** How long a checkout waits for another instance's of the same account before giving up. */
const WAIT_MS = 15_000;
const POLL_MS = 100;

/**
 * One account's plan checkouts, one at a time: in this process by a queue, and across server
 * instances by a lease on the account's plan_checkout_lock row (waited for, else 409). Two tabs'
 * requests would otherwise both read the pages before either opens its own, and neither would
 * close the other.
 */
export async function oneAtATime<T>(db: Database, userId: string, work: () => Promise<T>): Promise<T> {
  const before = running.get(userId) ?? Promise.resolve();
  const turn = before.then(() => withLease(db, userId, work));
  const settled = turn.catch(() => undefined);
  running.set(userId, settled);
  try {
    return await turn;
  } finally {
    if (running.get(userId) === settled) running.delete(userId);
  }
}

async function withLease<T>(db: Database, userId: string, work: () => Promise<T>): Promise<T> {
  const holder = randomUUID();
  const deadline = Date.now() + WAIT_MS;
  while (!(await takeLease(db, userId, holder))) {
    if (Date.now() >= deadline)
      throw new AppError('CONFLICT', {
        message: 'Another checkout is being opened for this account. Try again in a moment.',
      });
    await sleep(POLL_MS);
  }
  // Renewed while the work goes on: a slow provider does not let another instance in meanwhile.
  const renewal = setInterval(() => {
    void db
      .update(planCheckoutLock)
      .set({ until: leaseEnd() })
      .where(and(eq(planCheckoutLock.userId, userId), eq(planCheckoutLock.holder, holder)))
      .catch(() => undefined);
  }, RENEW_MS);
  try {
    return await work();
  } finally {
    clearInterval(renewal);
    // A release that fails leaves the lease to run out; the checkout's own result stands.
    await db
      .delete(planCheckoutLock)
      .where(and(eq(planCheckoutLock.userId, userId), eq(planCheckoutLock.holder, holder)))
      .catch(() => undefined);
  }
}

const leaseEnd = () => sql`now() + ${`${LEASE_MS} milliseconds`}::interval`;

/** Takes the account's lock when it is free or its holder's lease ran out; answers whether it did. */
async function takeLease(db: Database, userId: string, holder: string): Promise<boolean> {
  const until = leaseEnd();
  const taken = await db
    .insert(planCheckoutLock)
    .values({ userId, holder, until })
    .onConflictDoUpdate({
      target: planCheckoutLock.userId,
      set: { holder, until },
      setWhere: lt(planCheckoutLock.until, sql`now()`),
    })
    .returning({ holder: planCheckoutLock.holder });
  return taken[0]?.holder === holder;
}
