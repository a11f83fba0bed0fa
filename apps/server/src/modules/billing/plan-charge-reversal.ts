import { z } from 'zod';
import type { ProviderCharge } from '../../platform/payments/billing-provider';
import type { CreditReversal, ReversalEntry } from '../credits/reverse-credits';

export type GrantOrigin = 'plan' | 'bonus';

/** One grant a payment bought: how much, and how much of it expired unused (a plan period that is over). */
export type ChargeGrant = { origin: GrantOrigin; grantedMillicredits: number; expiredMillicredits: number };

const ReversalMetadata = z.object({
  origin: z.enum(['plan', 'bonus']),
  step: z.enum(['refund', 'refund_failed', 'dispute', 'dispute_won']),
  disputeId: z.string().nullish(),
  amountRefundedCents: z.number().nullish(),
  refundFailedCents: z.number().nullish(),
});

/**
 * What a payment's grants are worth back for a refunded share (`refundedCents / amountCents`):
 * each grant's share, less what of it had already expired unused; credits that expired were
 * never had, so they are not owed.
 */
function targetOf(grants: ChargeGrant[], origin: GrantOrigin, refundedCents: number, amountCents: number) {
  return grants
    .filter((grant) => grant.origin === origin)
    .reduce(
      (sum, grant) =>
        sum +
        Math.max(0, Math.round((grant.grantedMillicredits * refundedCents) / amountCents) - grant.expiredMillicredits),
      0,
    );
}

/** A share of what a payment's grants of one origin were, whatever expired since. */
function shareOf(grants: ChargeGrant[], origin: GrantOrigin, cents: number, amountCents: number) {
  return grants
    .filter((grant) => grant.origin === origin)
    .reduce((sum, grant) => sum + Math.round((grant.grantedMillicredits * cents) / amountCents), 0);
}

type Step = 'refund' | 'refund_failed' | 'dispute' | 'dispute_won';
type Earlier = {
  origin: GrantOrigin;
  step: Step;
  disputeId: string | null;
  /** A refund entry's cumulative refunded amount, failed refunds included. */
  amountRefundedCents: number | null;
  /** A refund entry's cumulative amount of failed refunds. */
  refundFailedCents: number | null;
  entry: ReversalEntry;
};

/**
 * The charge's refunds as far as anyone has read them: the total refunded and the total failed
 * each only grow, so the larger of the charge read now and every earlier entry is the newest
 * (a handler that read the charge before a refund, or before its failure, cannot undo it).
 * `charge` null: as the earlier entries alone recorded it.
 */
function refundsKnown(charge: ProviderCharge | null, earlier: Earlier[]) {
  let refundedCents = charge?.amountRefundedCents ?? 0;
  let failedCents = charge?.refundFailedCents ?? 0;
  for (const e of earlier) {
    refundedCents = Math.max(refundedCents, e.amountRefundedCents ?? 0);
    failedCents = Math.max(failedCents, e.refundFailedCents ?? 0);
  }
  return { refundedCents, failedCents, netCents: Math.max(0, refundedCents - failedCents) };
}
type RefundsKnown = ReturnType<typeof refundsKnown>;

const isRefundStep = (e: Earlier) => e.step === 'refund' || e.step === 'refund_failed';

/** Credits an entry took (negative for credits given back). */
const takenBy = (entry: ReversalEntry) => -(entry.planDelta + entry.bonusDelta);
const sumTaken = (entries: Earlier[]) => entries.reduce((sum, e) => sum + takenBy(e.entry), 0);

function parseEarlier(previous: ReversalEntry[]): Earlier[] {
  return previous.flatMap((entry) => {
    const parsed = ReversalMetadata.safeParse(entry.metadata);
    return parsed.success
      ? [
          {
            origin: parsed.data.origin,
            step: parsed.data.step,
            disputeId: parsed.data.disputeId ?? null,
            amountRefundedCents: parsed.data.amountRefundedCents ?? null,
            refundFailedCents: parsed.data.refundFailedCents ?? null,
            entry,
          },
        ]
      : [];
  });
}

/**
 * A movement's key names the state it answers (the cumulative refunded amount, the dispute), so
 * two handlers deciding from the same entries choose the same key and the second conflicts. A
 * state that calls for a second movement of the same kind (a yearly plan's month granted while the
 * dispute is open) gets the next free number after it.
 */
function keyOf(base: string, used: Set<string>) {
  let key = base;
  for (let n = 2; used.has(key); n += 1) key = `${base}:${n}`;
  used.add(key);
  return key;
}

type DisputeState = {
  id: string;
  /** Open or lost, and no win recorded: the whole payment stays taken. */
  isHeld: boolean;
  /** Read won now, and not yet recorded: this pass gives back and records the win. */
  isWinning: boolean;
};

/** What entries took from each bucket, less what they gave back. */
function bucketsTakenBy(entries: Earlier[]) {
  return {
    plan: -entries.reduce((sum, e) => sum + e.entry.planDelta, 0),
    bonus: -entries.reduce((sum, e) => sum + e.entry.bonusDelta, 0),
  };
}

/**
 * Where the charge's state says one grant origin should be, and the movements that bring it there
 * from what the earlier entries took. The total taken is the whole payment while a dispute is
 * held, else the refunded share (refunds that failed left out; never more than the whole). Only
 * the difference moves: a take is labelled a refund as far as the refunded share is not yet taken
 * by refunds, the rest a dispute. A give-back returns only what the dispute took, once, when its
 * win is recorded, or what a refund took for money that stayed with us, once its failure is first
 * read (not while a dispute holds the payment). Anything else that would lower the total (credits
 * of a closed period that expired since) gives nothing back.
 */
function planOrigin(options: {
  charge: ProviderCharge;
  grants: ChargeGrant[];
  origin: GrantOrigin;
  earlier: Earlier[];
  refunds: RefundsKnown;
  dispute: DisputeState | null;
  usedKeys: Set<string>;
}) {
  const { charge, grants, origin, earlier, refunds, dispute, usedKeys } = options;
  const whole = targetOf(grants, origin, charge.amountCents, charge.amountCents);
  const refundTarget = Math.min(whole, targetOf(grants, origin, refunds.netCents, charge.amountCents));
  const target = dispute?.isHeld ? whole : refundTarget;
  const difference = target - sumTaken(earlier);
  // Every entry records the refunds as known when it was made: a failure read later is measured from it.
  const metadata = {
    chargeId: charge.id,
    origin,
    amountRefundedCents: refunds.refundedCents,
    refundFailedCents: refunds.failedCents,
  };
  const reversals: CreditReversal[] = [];

  if (difference > 0) {
    const refundTake = Math.min(difference, Math.max(0, refundTarget - sumTaken(earlier.filter(isRefundStep))));
    if (refundTake > 0)
      reversals.push({
        direction: 'take',
        kind: 'refund',
        idempotencyKey: keyOf(`refund:${charge.id}:${refunds.refundedCents}:${origin}`, usedKeys),
        millicredits: refundTake,
        preferredBucket: origin,
        metadata: { ...metadata, step: 'refund' },
      });
    // Only while a dispute is held: otherwise the target is the refunded share, all of it labelled refund.
    const disputeTake = difference - refundTake;
    if (dispute && disputeTake > 0)
      reversals.push({
        direction: 'take',
        kind: 'dispute',
        idempotencyKey: keyOf(`dispute:${dispute.id}:${origin}`, usedKeys),
        millicredits: disputeTake,
        preferredBucket: origin,
        metadata: { ...metadata, disputeId: dispute.id, step: 'dispute' },
      });
  }

  let over = -difference;
  if (dispute?.isWinning && over > 0) {
    // What the dispute took, per bucket (its takes less anything given back): the win returns to
    // each bucket its share of the give-back.
    const { plan, bonus } = bucketsTakenBy(earlier.filter((e) => e.disputeId === dispute.id));
    const back = Math.min(over, plan + bonus);
    if (back > 0) {
      const planBack = Math.round((back * plan) / (plan + bonus));
      reversals.push({
        direction: 'return',
        kind: 'dispute',
        idempotencyKey: keyOf(`dispute_won:${dispute.id}:${origin}`, usedKeys),
        planMillicredits: planBack,
        bonusMillicredits: back - planBack,
        metadata: { ...metadata, disputeId: dispute.id, step: 'dispute_won' },
      });
      over -= back;
    }
  }

  const recordedFailedCents = refundsKnown(null, earlier).failedCents;
  if (!dispute?.isHeld && earlier.length > 0 && refunds.failedCents > recordedFailedCents) {
    // The newly failed refunds' share of the grants, as far as the entries took it (a refund, or a
    // dispute whose win a refund made during it covered) and the total is now over; to each bucket
    // in proportion to what they took from it. Recorded even when nothing moves, so the failure is
    // read once.
    const { plan, bonus } = bucketsTakenBy(earlier);
    const newlyFailed = shareOf(grants, origin, refunds.failedCents - recordedFailedCents, charge.amountCents);
    const back = Math.max(0, Math.min(over, plan + bonus, newlyFailed));
    const planBack = back > 0 ? Math.round((back * plan) / (plan + bonus)) : 0;
    reversals.push({
      direction: 'return',
      kind: 'refund',
      idempotencyKey: keyOf(`refund_failed:${charge.id}:${refunds.failedCents}:${origin}`, usedKeys),
      planMillicredits: planBack,
      bonusMillicredits: back - planBack,
      metadata: { ...metadata, step: 'refund_failed' },
    });
  }
  return reversals;
}

/**
 * The dispute as far as credits go: a win, once recorded, stays a win whatever a slower read says;
 * a dispute recorded and not won is held even by a read that came before it (a charge's dispute
 * never goes away).
 */
function disputeStateOf(charge: ProviderCharge, earlier: Earlier[]): DisputeState | null {
  const id = charge.dispute?.id ?? earlier.find((e) => e.disputeId !== null)?.disputeId;
  if (!id) return null;
  const status = charge.dispute?.status ?? 'open';
  const isWonRecorded = earlier.some((e) => e.step === 'dispute_won' && e.disputeId === id);
  return { id, isHeld: status !== 'won' && !isWonRecorded, isWinning: status === 'won' && !isWonRecorded };
}

/** The credit movements a refunded or disputed payment calls for now, given what earlier reversals of it moved. */
export function planChargeReversal(options: {
  charge: ProviderCharge;
  grants: ChargeGrant[];
  previous: ReversalEntry[];
}): CreditReversal[] {
  const { charge } = options;
  if (charge.amountCents <= 0) return [];
  const earlier = parseEarlier(options.previous);
  const dispute = disputeStateOf(charge, earlier);
  const refunds = refundsKnown(charge, earlier);
  const usedKeys = new Set(options.previous.map((entry) => entry.idempotencyKey));
  const reversals = (['plan', 'bonus'] as const).flatMap((origin) =>
    planOrigin({
      charge,
      grants: options.grants,
      origin,
      earlier: earlier.filter((e) => e.origin === origin),
      refunds,
      dispute,
      usedKeys,
    }),
  );
  const marker = (step: 'dispute' | 'dispute_won') =>
    ({
      direction: 'return',
      kind: 'dispute',
      idempotencyKey: keyOf(`${step}:${dispute?.id}:plan`, usedKeys),
      planMillicredits: 0,
      bonusMillicredits: 0,
      metadata: {
        chargeId: charge.id,
        origin: 'plan',
        disputeId: dispute?.id,
        step,
        amountRefundedCents: refunds.refundedCents,
        refundFailedCents: refunds.failedCents,
      },
    }) satisfies CreditReversal;
  // A held dispute is recorded even when it takes nothing (refunds took it all already): a handler
  // whose read came before it must still hold the payment.
  const namesDispute = (metadata: Record<string, unknown>) => metadata.disputeId === dispute?.id;
  if (
    dispute?.isHeld &&
    !earlier.some((e) => e.disputeId === dispute.id) &&
    !reversals.some((reversal) => namesDispute(reversal.metadata))
  )
    reversals.push(marker('dispute'));
  // The win is recorded even when it gives nothing back (a refund made during the dispute covers
  // what it took): a slower handler that read the dispute still open must not take again.
  if (dispute?.isWinning && !reversals.some((reversal) => reversal.metadata.step === 'dispute_won'))
    reversals.push(marker('dispute_won'));
  return reversals;
}

/**
 * What a lifetime deal paid by this charge should be, decided from the charge and the reversal
 * entries recorded before this pass (under the same lock): refunded in full (failed refunds left
 * out, as read now or recorded already), or disputed with no win recorded, it ends; the pass that
 * records the win, or the failure of the refund that ended it, brings it back. A handler that read
 * the dispute open after its win was recorded, or the refund before its failure, changes nothing.
 */
export function planLifetimeDeal(charge: ProviderCharge, previous: ReversalEntry[]): 'end' | 'reopen' | null {
  const earlier = parseEarlier(previous);
  if (refundsKnown(charge, earlier).netCents >= charge.amountCents) return 'end';
  const dispute = disputeStateOf(charge, earlier);
  if (dispute?.isHeld) return 'end';
  if (dispute?.isWinning) return 'reopen';
  const wasRefundedInFull = refundsKnown(null, earlier).netCents >= charge.amountCents;
  return wasRefundedInFull ? 'reopen' : null;
}
