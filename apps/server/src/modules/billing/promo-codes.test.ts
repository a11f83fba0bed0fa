import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/create-test-app';
import { signIn } from '../../test/sign-in';
import { createTestUser } from '../../test/create-test-user';
import { getCreditBalance } from '../credits/get-credit-balance';
import { createPromoCode, redeemPromoCode } from './promo-codes';

describe('promo codes', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let cookie: string;

  beforeAll(async () => {
    harness = await createTestApp();
    ({ cookie } = await signIn(harness.app, 'promo@agency.test'));
  });
  afterAll(() => harness.close());

  const redeem = (code: unknown, as = cookie) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/openrouter/credits/redeem',
      headers: { cookie: as },
      payload: { code },
    });

  it('adds bonus credits once per user, whatever the case of the code', async () => {
    const { db } = harness.app.platform.database;
    expect(await createPromoCode({ db, code: 'launch250', bonusCredits: 250 })).toBe(true);
    expect(await createPromoCode({ db, code: 'LAUNCH250', bonusCredits: 999 })).toBe(false);
    const first = await redeem('  launch250 ');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      error: null,
      reason: null,
      amount: 250,
      balance: { bonusCreditsRemaining: 250, bonusCreditsGranted: 250, totalCreditsRemaining: 250 },
    });
    const second = await redeem('LAUNCH250');
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toMatchObject({
      code: 'PROMO_CODE_INVALID',
      message: 'Unable to redeem promo code.',
      reason: 'already_redeemed',
    });
  });

  it('refuses unknown, expired and used-up codes, and an empty one', async () => {
    const { db } = harness.app.platform.database;
    await createPromoCode({ db, code: 'OLD', bonusCredits: 10, expiresAt: new Date(Date.now() - 1000) });
    await createPromoCode({ db, code: 'ONLYONE', bonusCredits: 10, maxRedemptions: 1 });
    expect((await redeem('NOPE')).json().error.reason).toBe('not_found');
    expect((await redeem('OLD')).json().error.reason).toBe('expired');
    expect((await redeem('ONLYONE')).statusCode).toBe(200);
    const other = await signIn(harness.app, 'promo-2@agency.test');
    expect((await redeem('ONLYONE', other.cookie)).json().error.reason).toBe('exhausted');
    const empty = await redeem('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Promo code is required');
  });

  it('never exceeds the maximum under concurrent redemptions', async () => {
    const { db } = harness.app.platform.database;
    await createPromoCode({ db, code: 'FIVE', bonusCredits: 5, maxRedemptions: 5 });
    const users = await Promise.all(Array.from({ length: 12 }, () => createTestUser(db)));
    const results = await Promise.allSettled(
      users.map((entry) => redeemPromoCode({ db, userId: entry.id, code: 'five' })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    const balances = await Promise.all(users.map((entry) => getCreditBalance({ db, billingUserId: entry.id })));
    expect(balances.reduce((sum, balance) => sum + balance.bonusMillicredits, 0)).toBe(25_000);
  });
});
