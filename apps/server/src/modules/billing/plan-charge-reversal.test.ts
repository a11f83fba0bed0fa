import { describe, expect, it } from 'vitest';
import type { DisputeStatus, ProviderCharge } from '../../platform/payments/billing-provider';
import type { CreditReversal, ReversalEntry } from '../credits/reverse-credits';
import { planChargeReversal, planLifetimeDeal, type ChargeGrant } from './plan-charge-reversal';

const PACK: ChargeGrant[] = [{ origin: 'bonus', grantedMillicredits: 1_000_000, expiredMillicredits: 0 }];

function chargeOf(amountRefundedCents: number, dispute: DisputeStatus | null, refundFailedCents = 0): ProviderCharge {
  return {
    id: 'ch_1',
    customerId: 'cus_1',
    amountCents: 1500,
    amountRefundedCents,
    refundFailedCents,
    invoiceId: null,
    checkoutSessionId: 'cs_1',
    dispute: dispute ? { id: 'du_1', status: dispute } : null,
  };
}

/** The ledger entry a movement becomes, the balance covering every take from the bucket named. */
function entryOf(reversal: CreditReversal): ReversalEntry {
  const deltas =
    reversal.direction === 'return'
      ? { planDelta: reversal.planMillicredits, bonusDelta: reversal.bonusMillicredits }
      : reversal.preferredBucket === 'plan'
        ? { planDelta: -reversal.millicredits, bonusDelta: 0 }
        : { planDelta: 0, bonusDelta: -reversal.millicredits };
  return { idempotencyKey: reversal.idempotencyKey, kind: reversal.kind, metadata: reversal.metadata, ...deltas };
}

/** Each state of the charge read in turn (each handler seeing the entries of the ones before); the ledger after. */
function replay(states: ProviderCharge[], grants = PACK) {
  const ledger: ReversalEntry[] = [];
  for (const charge of states) {
    const reversals = planChargeReversal({ charge, grants, previous: ledger });
    const keys = new Set(ledger.map((entry) => entry.idempotencyKey));
    for (const reversal of reversals) {
      expect(keys.has(reversal.idempotencyKey)).toBe(false);
      keys.add(reversal.idempotencyKey);
    }
    ledger.push(...reversals.map(entryOf));
  }
  return ledger;
}

const takenBy = (ledger: ReversalEntry[]) =>
  0 - ledger.reduce((sum, entry) => sum + entry.planDelta + entry.bonusDelta, 0);

describe('planChargeReversal', () => {
  it.each([
    [
      'an inquiry, a full refund during it, the inquiry closed',
      [
        [0, 'open'],
        [1500, 'open'],
        [1500, 'won'],
      ],
      1_000_000,
    ],
    [
      'a full refund, then a dispute won',
      [
        [1500, null],
        [1500, 'open'],
        [1500, 'won'],
      ],
      1_000_000,
    ],
    [
      'a dispute, a third refunded during it, won',
      [
        [0, 'open'],
        [500, 'open'],
        [500, 'won'],
      ],
      333_333,
    ],
    [
      'a third refunded, then a dispute won',
      [
        [500, null],
        [500, 'open'],
        [500, 'won'],
      ],
      333_333,
    ],
    [
      'a third refunded and a dispute opened, read at once, won',
      [
        [500, 'open'],
        [500, 'won'],
      ],
      333_333,
    ],
    [
      'a dispute won, then a third refunded',
      [
        [0, 'open'],
        [0, 'won'],
        [500, 'won'],
      ],
      333_333,
    ],
    [
      'a dispute, a third refunded during it, lost',
      [
        [0, 'open'],
        [500, 'open'],
        [500, 'lost'],
      ],
      1_000_000,
    ],
    [
      'a dispute won, read while open by a slower handler',
      [
        [0, 'open'],
        [0, 'won'],
        [0, 'open'],
      ],
      0,
    ],
    [
      'a dispute won, each state read twice',
      [
        [0, 'open'],
        [0, 'open'],
        [0, 'won'],
        [0, 'won'],
      ],
      0,
    ],
    [
      'a full refund that failed',
      [
        [1500, null],
        [1500, null, 1500],
      ],
      0,
    ],
    [
      'a full refund that failed, read before the failure by a slower handler',
      [
        [1500, null],
        [1500, null, 1500],
        [1500, null],
      ],
      0,
    ],
    ['a refund made and failed before the first read', [[1500, null, 1500]], 0],
    [
      'a third refunded, that refund failed, a third refunded again',
      [
        [500, null],
        [500, null, 500],
        [1000, null, 500],
      ],
      333_333,
    ],
    [
      'the whole refunded, read after a smaller refund by a slower handler',
      [
        [500, null],
        [1500, null],
        [500, null],
      ],
      1_000_000,
    ],
    [
      'a full refund, a dispute, the refund failed during it, the dispute won',
      [
        [1500, null],
        [1500, 'open'],
        [1500, 'open', 1500],
        [1500, 'won', 1500],
      ],
      0,
    ],
    [
      'a full refund, a dispute, the refund failed during it, the dispute lost',
      [
        [1500, null],
        [1500, 'open'],
        [1500, 'open', 1500],
        [1500, 'lost', 1500],
      ],
      1_000_000,
    ],
    [
      'an inquiry, a full refund during it, the inquiry closed, then the refund failed',
      [
        [0, 'open'],
        [1500, 'open'],
        [1500, 'won'],
        [1500, 'won', 1500],
      ],
      0,
    ],
    [
      'an inquiry, a third refunded during it, the inquiry closed, then that refund failed',
      [
        [0, 'open'],
        [500, 'open'],
        [500, 'won'],
        [500, 'won', 500],
      ],
      0,
    ],
    [
      'a full refund, a dispute, the refund failed, read by a handler that missed the dispute',
      [
        [1500, null],
        [1500, 'open'],
        [1500, null, 1500],
      ],
      1_000_000,
    ],
    [
      'a third refunded, a dispute, that refund failed, read by a handler that missed the dispute',
      [
        [500, null],
        [500, 'open'],
        [500, null, 500],
      ],
      1_000_000,
    ],
  ] as const)('ends with the right credits taken whatever the order: %s', (_name, states, expected) => {
    const ledger = replay(
      states.map(([refunded, dispute, failed]: readonly [number, DisputeStatus | null, number?]) =>
        chargeOf(refunded, dispute, failed),
      ),
    );
    expect(takenBy(ledger)).toBe(expected);
  });

  it('labels each movement: refund take, dispute take, dispute_won give-back', () => {
    const ledger = replay([chargeOf(500, 'open'), chargeOf(500, 'won')]);
    expect(ledger).toMatchObject([
      { kind: 'refund', bonusDelta: -333_333, idempotencyKey: 'refund:ch_1:500:bonus', metadata: { step: 'refund' } },
      { kind: 'dispute', bonusDelta: -666_667, idempotencyKey: 'dispute:du_1:bonus', metadata: { step: 'dispute' } },
      {
        kind: 'dispute',
        bonusDelta: 666_667,
        idempotencyKey: 'dispute_won:du_1:bonus',
        metadata: { step: 'dispute_won' },
      },
    ]);
  });

  it('records a win that moves nothing, so a slower handler reading the dispute open takes nothing', () => {
    const ledger = replay([chargeOf(0, 'open'), chargeOf(1500, 'open'), chargeOf(1500, 'won')]);
    expect(ledger.at(-1)).toMatchObject({
      kind: 'dispute',
      planDelta: 0,
      bonusDelta: 0,
      metadata: { step: 'dispute_won', disputeId: 'du_1' },
    });
    expect(planChargeReversal({ charge: chargeOf(1500, 'open'), grants: PACK, previous: ledger })).toEqual([]);
  });

  it('gives back a partial win to the buckets the dispute took from, in proportion', () => {
    const previous: ReversalEntry[] = [
      {
        idempotencyKey: 'dispute:du_1:bonus',
        kind: 'dispute',
        planDelta: -400_000,
        bonusDelta: -600_000,
        metadata: { chargeId: 'ch_1', origin: 'bonus', step: 'dispute', disputeId: 'du_1' },
      },
    ];
    expect(planChargeReversal({ charge: chargeOf(500, 'won'), grants: PACK, previous })).toEqual([
      expect.objectContaining({
        direction: 'return',
        kind: 'dispute',
        idempotencyKey: 'dispute_won:du_1:bonus',
        planMillicredits: 266_667,
        bonusMillicredits: 400_000,
      }),
    ]);
  });

  it('gives a failed refund back to the buckets the refund took from, once', () => {
    const previous: ReversalEntry[] = [
      {
        idempotencyKey: 'refund:ch_1:1500:bonus',
        kind: 'refund',
        planDelta: -250_000,
        bonusDelta: -750_000,
        metadata: { chargeId: 'ch_1', origin: 'bonus', step: 'refund', amountRefundedCents: 1500 },
      },
    ];
    const back = planChargeReversal({ charge: chargeOf(1500, null, 1500), grants: PACK, previous });
    expect(back).toEqual([
      expect.objectContaining({
        direction: 'return',
        kind: 'refund',
        idempotencyKey: 'refund_failed:ch_1:1500:bonus',
        planMillicredits: 250_000,
        bonusMillicredits: 750_000,
        metadata: expect.objectContaining({
          step: 'refund_failed',
          amountRefundedCents: 1500,
          refundFailedCents: 1500,
        }),
      }),
    ]);
    const ledger = [...previous, ...back.map(entryOf)];
    expect(planChargeReversal({ charge: chargeOf(1500, null, 1500), grants: PACK, previous: ledger })).toEqual([]);
  });

  it('gives back only what the failed refund took, not credits of a period that expired since', () => {
    const grants: ChargeGrant[] = [{ origin: 'plan', grantedMillicredits: 1_000_000, expiredMillicredits: 0 }];
    const ledger = replay([chargeOf(1500, null)], grants);
    const expired: ChargeGrant[] = [{ origin: 'plan', grantedMillicredits: 1_000_000, expiredMillicredits: 400_000 }];
    // Half the refund failed: half of what it took comes back.
    expect(planChargeReversal({ charge: chargeOf(1500, null, 750), grants: expired, previous: ledger })).toEqual([
      expect.objectContaining({ direction: 'return', planMillicredits: 500_000, bonusMillicredits: 0 }),
    ]);
  });
});

describe('planLifetimeDeal', () => {
  const refundedInFull = replay([chargeOf(1500, null)]);

  it('ends a deal refunded in full, and brings it back when that refund fails', () => {
    expect(planLifetimeDeal(chargeOf(1500, null), [])).toBe('end');
    expect(planLifetimeDeal(chargeOf(1500, null, 1500), refundedInFull)).toBe('reopen');
    const afterFailure = replay([chargeOf(1500, null), chargeOf(1500, null, 1500)]);
    expect(planLifetimeDeal(chargeOf(1500, null, 1500), afterFailure)).toBeNull();
    // A slower handler that read the refund before it failed changes nothing.
    expect(planLifetimeDeal(chargeOf(1500, null), afterFailure)).toBeNull();
  });

  it('keeps a deal ended while its dispute is held, whatever the refund did', () => {
    const ledger = replay([chargeOf(1500, null), chargeOf(1500, 'open')]);
    expect(planLifetimeDeal(chargeOf(1500, 'open', 1500), ledger)).toBe('end');
    // Read by a handler that missed the dispute: still held.
    expect(planLifetimeDeal(chargeOf(1500, null, 1500), ledger)).toBe('end');
  });

  it('brings back a deal refunded in full during an inquiry that closed, when that refund fails', () => {
    const ledger = replay([chargeOf(0, 'open'), chargeOf(1500, 'open'), chargeOf(1500, 'won')]);
    expect(planLifetimeDeal(chargeOf(1500, 'won'), ledger)).toBe('end');
    expect(planLifetimeDeal(chargeOf(1500, 'won', 1500), ledger)).toBe('reopen');
  });
});
