import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { PromoRefusalReason } from '@agentry/core/billing';
import { toMillicredits } from '@agentry/core/credits';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { grantBonusCredits } from '../credits/grant-credits';
import { promoCode, promoRedemption } from './billing.tables';

export function normalizePromoCode(code: string) {
  return code.trim().toUpperCase();
}

/** Creates a promo code (the CLI script); an existing code is left as it is. Answers whether it was new. */
export async function createPromoCode(options: {
  db: Database;
  code: string;
  bonusCredits: number;
  expiresAt?: Date | null;
  maxRedemptions?: number | null;
}): Promise<boolean> {
  const code = normalizePromoCode(options.code);
  if (!/^[A-Z0-9_-]{3,64}$/.test(code)) throw new Error('A promo code is 3-64 letters, digits, - or _');
  if (!Number.isInteger(options.bonusCredits) || options.bonusCredits <= 0)
    throw new Error('Bonus credits must be a positive whole number');
  const inserted = await options.db
    .insert(promoCode)
    .values({
      code,
      bonusCredits: options.bonusCredits,
      expiresAt: options.expiresAt ?? null,
      maxRedemptions: options.maxRedemptions ?? null,
    })
    .onConflictDoNothing({ target: promoCode.code })
    .returning({ code: promoCode.code });
  return inserted.length > 0;
}

class Refusal extends Error {
  constructor(readonly reason: PromoRefusalReason) {
    super(reason);
  }
}

/**
 * Redeems a code atomically: the once-per-user row, the conditional count (not expired, below
 * its maximum) and the bonus grant commit together or not at all. Refusals answer 400
 * 'Unable to redeem promo code.' with a reason.
 */
export async function redeemPromoCode(options: {
  db: Database;
  userId: string;
  code: string;
}): Promise<{ amount: number }> {
  const code = normalizePromoCode(options.code);
  if (!code) throw new AppError('PROMO_CODE_REQUIRED');
  try {
    const amount = await options.db.transaction(async (tx) => {
      const [counted] = await tx
        .update(promoCode)
        .set({ redemptionsCount: sql`${promoCode.redemptionsCount} + 1` })
        .where(
          and(
            eq(promoCode.code, code),
            or(isNull(promoCode.expiresAt), gt(promoCode.expiresAt, sql`now()`)),
            or(isNull(promoCode.maxRedemptions), lt(promoCode.redemptionsCount, promoCode.maxRedemptions)),
          ),
        )
        .returning({ bonusCredits: promoCode.bonusCredits });
      if (!counted) throw new Refusal(await explainRefusal(tx, code, options.userId));
      const redeemed = await tx
        .insert(promoRedemption)
        .values({ code, userId: options.userId, bonusCredits: counted.bonusCredits })
        .onConflictDoNothing()
        .returning({ code: promoRedemption.code });
      if (redeemed.length === 0) throw new Refusal('already_redeemed');
      await grantBonusCredits({
        db: tx,
        billingUserId: options.userId,
        millicredits: toMillicredits(counted.bonusCredits),
        idempotencyKey: `promo:${code}:${options.userId}`,
        reference: code,
        kind: 'promo',
      });
      return counted.bonusCredits;
    });
    return { amount };
  } catch (error) {
    if (error instanceof Refusal) throw new AppError('PROMO_CODE_INVALID', { extra: { reason: error.reason } });
    throw error;
  }
}

async function explainRefusal(db: Database, code: string, userId: string): Promise<PromoRefusalReason> {
  const [row] = await db.select().from(promoCode).where(eq(promoCode.code, code)).limit(1);
  if (!row) return 'not_found';
  const [redeemed] = await db
    .select({ code: promoRedemption.code })
    .from(promoRedemption)
    .where(and(eq(promoRedemption.code, code), eq(promoRedemption.userId, userId)))
    .limit(1);
  if (redeemed) return 'already_redeemed';
  if (row.expiresAt && row.expiresAt <= new Date()) return 'expired';
  return 'exhausted';
}
