import type { FastifyBaseLogger } from 'fastify';
import { millicreditsForCost } from '@agentry/core/credits';
import type { Database, Transaction } from '../../platform/db/database';
import { closeHoldIn, type HoldClosing, type UsageRecord } from './close-hold';
import { releaseCredits } from './release-credits';
import { reserveCredits } from './reserve-credits';
import { retrySettlement } from './retry-settlement';
import { settleCredits } from './settle-credits';

export type CreditHoldTerms = {
  db: Database;
  /** Who pays; null when the call is not billed (the sub account's own provider key). */
  billingUserId: string | null;
  /** The most the call is expected to cost. */
  millicredits: number;
  /** What the hold is for (`llm:...`, `evaluation:...`). */
  reference: string;
  logger?: FastifyBaseLogger;
};

/** What a held call ran into: its value, and the usage the provider reported (null: nothing to charge). */
export type HeldCallOutcome<T> = { value: T; usage: UsageRecord | null };

/**
 * The one way a billed model call is paid for: reserves `millicredits` (402 before anything
 * runs when the balance cannot cover it), runs the call, then settles exactly the reported
 * usage at the core conversion rule (more than the hold is taken from the balance, and what the
 * balance cannot cover is owed) or, when the call throws or reports no usage, gives the hold
 * back. Answers the value and the millicredits charged. A call that failed after the provider
 * charged for part of it must answer that usage (with its error in `value`), never throw: a
 * throw is free.
 */
export async function withCreditHold<T>(
  terms: CreditHoldTerms,
  run: () => Promise<HeldCallOutcome<T>>,
  options: {
    /**
     * True for an outcome whose settlement the caller runs in its own transaction (a chat turn:
     * the answer, its usage and its charge in one commit): nothing is settled here, and the
     * answer carries `settle`, which the caller must run, in that transaction or in one of its own.
     */
    settleLater?: (value: T) => boolean;
  } = {},
): Promise<{ value: T; chargedMillicredits: number; settle?: (tx: Transaction) => Promise<number> }> {
  const { db, billingUserId, logger } = terms;
  if (!billingUserId) return { value: (await run()).value, chargedMillicredits: 0 };
  const { holdId } = await reserveCredits({
    db,
    billingUserId,
    millicredits: terms.millicredits,
    reference: terms.reference,
  });

  let outcome: HeldCallOutcome<T>;
  try {
    outcome = await run();
  } catch (error) {
    await releaseCredits({ db, holdId }).catch((releaseError: unknown) =>
      logger?.error({ err: releaseError, holdId }, 'could not release credits'),
    );
    throw error;
  }
  if (!outcome.usage) {
    await releaseCredits({ db, holdId }).catch((releaseError: unknown) =>
      logger?.error({ err: releaseError, holdId }, 'could not release credits'),
    );
    return { value: outcome.value, chargedMillicredits: 0 };
  }
  const millicredits = millicreditsForCost(outcome.usage.costUsd);
  const { usage } = outcome;
  if (options.settleLater?.(outcome.value)) {
    const settle = async (tx: Transaction) => {
      const closing = await closeHoldIn(tx, { holdId, chargeMillicredits: millicredits, usage });
      warnOfShortfall(closing);
      return closing.chargedMillicredits;
    };
    return { value: outcome.value, chargedMillicredits: millicredits, settle };
  }
  function warnOfShortfall(closing: HoldClosing) {
    if (closing.shortfallMillicredits > 0)
      logger?.warn(
        { holdId, billingUserId, shortfallMillicredits: closing.shortfallMillicredits },
        'a call cost more than the balance: the rest is owed',
      );
  }
  try {
    const closing = await retrySettlement(() => settleCredits({ db, holdId, millicredits, usage }));
    warnOfShortfall(closing);
    return { value: outcome.value, chargedMillicredits: closing.chargedMillicredits };
  } catch (error) {
    // Refused three times: the hold stays open and the sweeper releases it (never charged twice).
    logger?.error({ err: error, holdId }, 'could not settle credits');
    return { value: outcome.value, chargedMillicredits: 0 };
  }
}
