import { z } from 'zod';
import type { ProviderCharge } from '../../platform/payments/billing-provider';
import type { CreditReversal, ReversalEntry } from '../credits/reverse-credits';

export type GrantOrigin = 'plan' | 'bonus';

/** One grant a payment bought: how much, and how much of it expired unused (a plan period that is over). */
export type ChargeGrant = { origin: GrantOrigin; grantedMillicredits: number; expiredMillicredits: number };

const ReversalMetadata = z.object({
  origin: z.enum(['plan', 'bonus']),
  step: z.enum(['refund', 'dispute', 'dispute_won']),
  disputeId: z.string().nullish(),
  amountRefundedCents: z.number().nullish(),
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

type Step = 'refund' | 'dispute' | 'dispute_won';
type Earlier = {
  origin: GrantOrigin;
  step: Step;
  disputeId: string | null;
  /** A refund entry's cumulative refunded amount. */
  amountRefundedCents: number | null;
  entry: ReversalEntry;
};

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

/**
 * Where the charge's state says one grant origin should be, and the movements that bring it there
 * from what the earlier entries took. The total taken is the whole payment while a dispute is
 * held, else the refunded share (never more than the whole). Only the difference moves: a take is
 * labelled a refund as far as the refunded share is not yet taken by refunds, the rest a dispute;
 * a give-back only returns what the dispute took, once, when its win is recorded. Anything else
 * that would lower the total (credits of a closed period that expired since) gives nothing back.
 */
function planOrigin(options: {
  charge: ProviderCharge;
  grants: ChargeGrant[];
  origin: GrantOrigin;
  earlier: Earlier[];
  dispute: DisputeState | null;
  usedKeys: Set<string>;
}) {
  const { charge, grants, origin, earlier, dispute, usedKeys } = options;
  const whole = targetOf(grants, origin, charge.amountCents, charge.amountCents);
  const refundTarget = Math.min(whole, targetOf(grants, origin, charge.amountRefundedCents, charge.amountCents));
  const target = dispute?.isHeld ? whole : refundTarget;
  const difference = target - sumTaken(earlier);
  const metadata = { chargeId: charge.id, origin };
  const reversals: CreditReversal[] = [];

  if (difference > 0) {
    const refundTake = Math.min(
      difference,
      Math.max(0, refundTarget - sumTaken(earlier.filter((e) => e.step === 'refund'))),
    );
    if (refundTake > 0)
      reversals.push({
        direction: 'take',
        kind: 'refund',
        idempotencyKey: keyOf(`refund:${charge.id}:${charge.amountRefundedCents}:${origin}`, usedKeys),
        millicredits: refundTake,
        preferredBucket: origin,
        metadata: { ...metadata, step: 'refund', amountRefundedCents: charge.amountRefundedCents },
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

  if (dispute?.isWinning && difference < 0) {
    // What the dispute took, per bucket (its takes less anything given back): the win returns to
    // each bucket its share of the give-back.
    const ofDispute = earlier.filter((e) => e.disputeId === dispute.id);
    const plan = -ofDispute.reduce((sum, e) => sum + e.entry.planDelta, 0);
    const bonus = -ofDispute.reduce((sum, e) => sum + e.entry.bonusDelta, 0);
    const back = Math.min(-difference, plan + bonus);
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
    }
  }
  return reversals;
}

/** The dispute as far as credits go: a win, once recorded, stays a win whatever a slower read says. */
function disputeStateOf(charge: ProviderCharge, earlier: Earlier[]): DisputeState | null {
  const dispute = charge.dispute;
  if (!dispute) return null;
  const isWonRecorded = earlier.some((e) => e.step === 'dispute_won' && e.disputeId === dispute.id);
  return {
    id: dispute.id,
    isHeld: dispute.status !== 'won' && !isWonRecorded,
    isWinning: dispute.status === 'won' && !isWonRecorded,
  };
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
  const usedKeys = new Set(options.previous.map((entry) => entry.idempotencyKey));
  const reversals = (['plan', 'bonus'] as const).flatMap((origin) =>
    planOrigin({
      charge,
      grants: options.grants,
      origin,
      earlier: earlier.filter((e) => e.origin === origin),
      dispute,
      usedKeys,
    }),
  );
  // The win is recorded even when it gives nothing back (a refund made during the dispute covers
  // what it took): a slower handler that read the dispute still open must not take again.
  if (dispute?.isWinning && !reversals.some((reversal) => reversal.metadata.step === 'dispute_won'))
    reversals.push({
      direction: 'return',
      kind: 'dispute',
      idempotencyKey: keyOf(`dispute_won:${dispute.id}:plan`, usedKeys),
      planMillicredits: 0,
      bonusMillicredits: 0,
      metadata: { chargeId: charge.id, origin: 'plan', disputeId: dispute.id, step: 'dispute_won' },
    });
  return reversals;
}

/**
 * What a lifetime deal paid by this charge should be, decided from the charge and the reversal
 * entries recorded before this pass (under the same lock): refunded in full (read now, or by a
 * refund entry already recorded), or disputed with no win recorded, it ends; the pass that records
 * the win brings it back. A handler that read the dispute open after its win was recorded changes
 * nothing.
 */
export function planLifetimeDeal(charge: ProviderCharge, previous: ReversalEntry[]): 'end' | 'reopen' | null {
  const earlier = parseEarlier(previous);
  const isRefundedInFull =
    charge.amountRefundedCents >= charge.amountCents ||
    earlier.some((e) => e.step === 'refund' && (e.amountRefundedCents ?? 0) >= charge.amountCents);
  if (isRefundedInFull) return 'end';
  const dispute = disputeStateOf(charge, earlier);
  if (dispute?.isHeld) return 'end';
  return dispute?.isWinning ? 'reopen' : null;
}
