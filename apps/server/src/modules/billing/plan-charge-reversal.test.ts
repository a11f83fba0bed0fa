import { describe, expect, it } from 'vitest';
import type { DisputeStatus, ProviderCharge } from '../../platform/payments/billing-provider';
import type { CreditReversal, ReversalEntry } from '../credits/reverse-credits';
import { planChargeReversal, type ChargeGrant } from './plan-charge-reversal';

const PACK: ChargeGrant[] = [{ origin: 'bonus', grantedMillicredits: 1_000_000, expiredMillicredits: 0 }];

function chargeOf(amountRefundedCents: number, dispute: DisputeStatus | null): ProviderCharge {
  return {
    id: 'ch_1',
    customerId: 'cus_1',
    amountCents: 1500,
    amountRefundedCents,
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
  ] as const)('ends with the right credits taken whatever the order: %s', (_name, states, expected) => {
    const ledger = replay(states.map(([refunded, dispute]) => chargeOf(refunded, dispute)));
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
});
