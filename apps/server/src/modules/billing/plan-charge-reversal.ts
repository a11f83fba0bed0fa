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

type Earlier = { step: 'refund' | 'dispute' | 'dispute_won'; disputeId: string | null; entry: ReversalEntry };

/** Credits an entry took (negative for credits given back). */
const takenBy = (entry: ReversalEntry) => -(entry.planDelta + entry.bonusDelta);

/**
 * The movements that bring one grant origin of a payment to where its provider state says it
 * should be: refunds take the refunded share (only what earlier refunds did not take), an open or
 * lost dispute takes all the rest, a won dispute gives back what the dispute took. Decided from
 * the earlier entries, so the same state twice moves nothing the second time; keys name the state
 * (the cumulative refunded amount, the dispute) so a racing duplicate conflicts.
 */
function planOrigin(charge: ProviderCharge, grants: ChargeGrant[], origin: GrantOrigin, earlier: Earlier[]) {
  const whole = targetOf(grants, origin, charge.amountCents, charge.amountCents);
  if (whole <= 0) return [];
  const metadata = { chargeId: charge.id, origin };
  const reversals: CreditReversal[] = [];
  let refundTaken = earlier.filter((e) => e.step === 'refund').reduce((sum, e) => sum + takenBy(e.entry), 0);
  let netTaken = earlier.reduce((sum, e) => sum + takenBy(e.entry), 0);

  // Never more than the whole: a refund after a lost dispute takes nothing more.
  const refundTake = Math.min(
    targetOf(grants, origin, charge.amountRefundedCents, charge.amountCents) - refundTaken,
    whole - netTaken,
  );
  if (refundTake > 0) {
    reversals.push({
      direction: 'take',
      kind: 'refund',
      idempotencyKey: `refund:${charge.id}:${charge.amountRefundedCents}:${origin}`,
      millicredits: refundTake,
      preferredBucket: origin,
      metadata: { ...metadata, step: 'refund', amountRefundedCents: charge.amountRefundedCents },
    });
    refundTaken += refundTake;
    netTaken += refundTake;
  }

  const dispute = charge.dispute;
  if (!dispute) return reversals;
  const ofDispute = earlier.filter((e) => e.disputeId === dispute.id);
  const take = ofDispute.find((e) => e.step === 'dispute');
  const isWonRecorded = ofDispute.some((e) => e.step === 'dispute_won');
  const disputeMetadata = { ...metadata, disputeId: dispute.id };
  if (dispute.status !== 'won' && !take && !isWonRecorded && whole - netTaken > 0) {
    reversals.push({
      direction: 'take',
      kind: 'dispute',
      idempotencyKey: `dispute:${dispute.id}:${origin}`,
      millicredits: whole - netTaken,
      preferredBucket: origin,
      metadata: { ...disputeMetadata, step: 'dispute' },
    });
  }
  // Recorded even when the dispute took nothing: a slower handler that read it still open must
  // not take after it was won.
  if (dispute.status === 'won' && !isWonRecorded) {
    reversals.push({
      direction: 'return',
      kind: 'dispute',
      idempotencyKey: `dispute_won:${dispute.id}:${origin}`,
      planMillicredits: take ? -take.entry.planDelta : 0,
      bonusMillicredits: take ? -take.entry.bonusDelta : 0,
      metadata: { ...disputeMetadata, step: 'dispute_won' },
    });
  }
  return reversals;
}

/** The credit movements a refunded or disputed payment calls for now, given what earlier reversals of it moved. */
export function planChargeReversal(options: {
  charge: ProviderCharge;
  grants: ChargeGrant[];
  previous: ReversalEntry[];
}): CreditReversal[] {
  if (options.charge.amountCents <= 0) return [];
  const earlier = options.previous.flatMap((entry) => {
    const parsed = ReversalMetadata.safeParse(entry.metadata);
    return parsed.success
      ? [{ origin: parsed.data.origin, step: parsed.data.step, disputeId: parsed.data.disputeId ?? null, entry }]
      : [];
  });
  return (['plan', 'bonus'] as const).flatMap((origin) =>
    planOrigin(
      options.charge,
      options.grants,
      origin,
      earlier.filter((e) => e.origin === origin),
    ),
  );
}
