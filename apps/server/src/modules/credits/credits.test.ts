import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/app-error';
import { createTestApp } from '../../test/create-test-app';
import { createTestUser } from '../../test/create-test-user';
import { creditHold, creditLedger } from './credits.tables';
import { getCreditBalance } from './get-credit-balance';
import { grantBonusCredits, grantPeriodCredits } from './grant-credits';
import { releaseCredits } from './release-credits';
import { releaseStaleHolds } from './release-stale-holds';
import { reserveCredits } from './reserve-credits';
import { settleCredits } from './settle-credits';
import { spendCredits } from './spend-credits';

const usage = {
  model: 'gpt-4o-mini',
  provider: 'openai',
  inputTokens: 120,
  outputTokens: 80,
  costUsd: 0.0042,
  source: 'widget',
  subaccountId: 'sub-1',
};

describe('credit ledger', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let db: Awaited<ReturnType<typeof createTestApp>>['app']['platform']['database']['db'];

  beforeAll(async () => {
    harness = await createTestApp();
    db = harness.app.platform.database.db;
  });
  afterAll(() => harness.close());

  async function ledgerSum(userId: string) {
    const [row] = await db
      .select({
        plan: sql<string>`coalesce(sum(${creditLedger.planDelta}), 0)`,
        bonus: sql<string>`coalesce(sum(${creditLedger.bonusDelta}), 0)`,
      })
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId));
    return { plan: Number(row?.plan), bonus: Number(row?.bonus) };
  }

  async function expectLedgerMatchesBalance(userId: string) {
    const balance = await getCreditBalance({ db, billingUserId: userId });
    const sum = await ledgerSum(userId);
    expect(sum).toEqual({ plan: balance.planMillicredits, bonus: balance.bonusMillicredits });
  }

  async function userWith(planCredits: number, bonusCredits = 0) {
    const { id } = await createTestUser(db);
    await grantPeriodCredits({
      db,
      billingUserId: id,
      millicredits: planCredits * 1000,
      idempotencyKey: `grant:${id}`,
      reference: 'in_test',
      periodStartedAt: new Date(),
    });
    if (bonusCredits > 0)
      await grantBonusCredits({
        db,
        billingUserId: id,
        millicredits: bonusCredits * 1000,
        idempotencyKey: `promo:${id}`,
        reference: 'TEST',
        kind: 'promo',
      });
    return id;
  }

  it('spends plan credits first, then bonus, and refuses what the balance cannot cover with 402', async () => {
    const userId = await userWith(10, 5);
    await spendCredits({
      db,
      billingUserId: userId,
      millicredits: 8000,
      idempotencyKey: `s1:${userId}`,
      reason: 'test',
    });
    expect(await getCreditBalance({ db, billingUserId: userId })).toMatchObject({
      planMillicredits: 2000,
      bonusMillicredits: 5000,
    });
    await spendCredits({
      db,
      billingUserId: userId,
      millicredits: 4000,
      idempotencyKey: `s2:${userId}`,
      reason: 'test',
    });
    expect(await getCreditBalance({ db, billingUserId: userId })).toMatchObject({
      planMillicredits: 0,
      bonusMillicredits: 3000,
    });

    const refusal = spendCredits({
      db,
      billingUserId: userId,
      millicredits: 3001,
      idempotencyKey: `s3:${userId}`,
      reason: 'test',
    });
    await expect(refusal).rejects.toBeInstanceOf(AppError);
    await expect(refusal).rejects.toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
      status: 402,
      message: 'Insufficient credits. Please add more to continue.',
    });
    expect((await getCreditBalance({ db, billingUserId: userId })).totalMillicredits).toBe(3000);
    await expectLedgerMatchesBalance(userId);
  });

  it('applies a spend once per idempotency key', async () => {
    const userId = await userWith(10);
    expect(
      await spendCredits({
        db,
        billingUserId: userId,
        millicredits: 1000,
        idempotencyKey: `once:${userId}`,
        reason: 'test',
      }),
    ).toEqual({ isApplied: true });
    expect(
      await spendCredits({
        db,
        billingUserId: userId,
        millicredits: 1000,
        idempotencyKey: `once:${userId}`,
        reason: 'test',
      }),
    ).toEqual({ isApplied: false });
    expect((await getCreditBalance({ db, billingUserId: userId })).totalMillicredits).toBe(9000);
    await expectLedgerMatchesBalance(userId);
  });

  it('leaves a hold open while its call may still run: calls allowed ten minutes are swept after fifteen', async () => {
    const userId = await userWith(10);
    const { holdId } = await reserveCredits({ db, billingUserId: userId, millicredits: 3000, reference: 'chat:7' });
    const statusOf = async () =>
      (await db.select({ status: creditHold.status }).from(creditHold).where(eq(creditHold.id, holdId)))[0]?.status;
    await db
      .update(creditHold)
      .set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(creditHold.id, holdId));
    await releaseStaleHolds({ db, requestTimeoutMs: 600_000 });
    expect(await statusOf()).toBe('held');
    await db
      .update(creditHold)
      .set({ createdAt: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(creditHold.id, holdId));
    await releaseStaleHolds({ db, requestTimeoutMs: 600_000 });
    expect(await statusOf()).toBe('released');
  });

  it('applies concurrent spends with the same key once, and a retry after the balance ran out is not a refusal', async () => {
    const userId = await userWith(3);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        spendCredits({
          db,
          billingUserId: userId,
          millicredits: 3000,
          idempotencyKey: `same:${userId}`,
          reason: 'test',
        }),
      ),
    );
    expect(results.filter((result) => result.isApplied)).toHaveLength(1);
    expect((await getCreditBalance({ db, billingUserId: userId })).totalMillicredits).toBe(0);
    expect(
      await spendCredits({
        db,
        billingUserId: userId,
        millicredits: 3000,
        idempotencyKey: `same:${userId}`,
        reason: 'test',
      }),
    ).toEqual({ isApplied: false });
    await expectLedgerMatchesBalance(userId);
  });

  it('ignores a period grant older than the current period (a late delivery)', async () => {
    const { id } = await createTestUser(db);
    const march = new Date('2026-03-01T00:00:00Z');
    const february = new Date('2026-02-01T00:00:00Z');
    await grantPeriodCredits({
      db,
      billingUserId: id,
      millicredits: 5000,
      idempotencyKey: `march:${id}`,
      reference: 'in_march',
      periodStartedAt: march,
    });
    await spendCredits({ db, billingUserId: id, millicredits: 2000, idempotencyKey: `late:${id}`, reason: 'test' });
    expect(
      await grantPeriodCredits({
        db,
        billingUserId: id,
        millicredits: 5000,
        idempotencyKey: `february:${id}`,
        reference: 'in_february',
        periodStartedAt: february,
      }),
    ).toEqual({ isApplied: false });
    expect(await getCreditBalance({ db, billingUserId: id })).toMatchObject({
      planMillicredits: 3000,
      periodKey: `march:${id}`,
    });
    await expectLedgerMatchesBalance(id);
  });

  it('refuses a user with no balance row at all', async () => {
    const { id } = await createTestUser(db);
    await expect(reserveCredits({ db, billingUserId: id, millicredits: 1, reference: 'call' })).rejects.toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
    });
  });

  it('reserves the estimate, settles the real cost once and returns the rest', async () => {
    const userId = await userWith(5, 5);
    const { holdId } = await reserveCredits({ db, billingUserId: userId, millicredits: 7000, reference: 'chat:1' });
    expect(await getCreditBalance({ db, billingUserId: userId })).toMatchObject({
      planMillicredits: 0,
      bonusMillicredits: 3000,
    });

    await settleCredits({ db, holdId, millicredits: 6000, usage });
    // Charged 5 plan + 1 bonus; the 1 bonus credit held beyond that comes back.
    expect(await getCreditBalance({ db, billingUserId: userId })).toMatchObject({
      planMillicredits: 0,
      bonusMillicredits: 4000,
    });
    await settleCredits({ db, holdId, millicredits: 6000, usage });
    await releaseCredits({ db, holdId });
    expect((await getCreditBalance({ db, billingUserId: userId })).totalMillicredits).toBe(4000);

    const entries = await db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
    const usageEntries = entries.filter((entry) => entry.kind === 'usage');
    expect(usageEntries).toHaveLength(1);
    expect(usageEntries[0]).toMatchObject({ planDelta: -5000, bonusDelta: -1000, reference: 'chat:1' });
    expect(usageEntries[0]?.metadata).toMatchObject({ model: 'gpt-4o-mini', costUsd: 0.0042, subaccountId: 'sub-1' });
    await expectLedgerMatchesBalance(userId);
  });

  it('charges a settlement above the hold exactly, the difference from the balance (plan first)', async () => {
    const userId = await userWith(10, 5);
    const { holdId } = await reserveCredits({ db, billingUserId: userId, millicredits: 2000, reference: 'chat:2' });
    expect(await settleCredits({ db, holdId, millicredits: 12_500, usage })).toEqual({
      chargedMillicredits: 12_500,
      shortfallMillicredits: 0,
    });
    expect(await getCreditBalance({ db, billingUserId: userId })).toMatchObject({
      planMillicredits: 0,
      bonusMillicredits: 2500,
      debtMillicredits: 0,
    });
    const [entry] = await db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.idempotencyKey, `usage:${holdId}`));
    expect(entry).toMatchObject({ planDelta: -10_000, bonusDelta: -2500 });
    expect(entry?.metadata).toMatchObject({ heldMillicredits: 2000 });
    expect(entry?.metadata).not.toHaveProperty('shortfallMillicredits');
    await expectLedgerMatchesBalance(userId);
  });

  it('records what the balance cannot cover as owed, refuses every debit until a grant covers it, and a plan grant pays it first', async () => {
    const userId = await userWith(3, 1);
    const { holdId } = await reserveCredits({ db, billingUserId: userId, millicredits: 2000, reference: 'chat:owed' });
    expect(await settleCredits({ db, holdId, millicredits: 9000, usage })).toEqual({
      chargedMillicredits: 9000,
      shortfallMillicredits: 5000,
    });
    expect(await getCreditBalance({ db, billingUserId: userId })).toMatchObject({
      planMillicredits: 0,
      bonusMillicredits: -5000,
      totalMillicredits: -5000,
      debtMillicredits: 5000,
    });
    const [entry] = await db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.idempotencyKey, `usage:${holdId}`));
    expect(entry).toMatchObject({ planDelta: -3000, bonusDelta: -6000 });
    expect(entry?.metadata).toMatchObject({ shortfallMillicredits: 5000 });
    await expectLedgerMatchesBalance(userId);

    await expect(
      reserveCredits({ db, billingUserId: userId, millicredits: 1, reference: 'chat:refused' }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS', status: 402 });
    await expect(
      spendCredits({ db, billingUserId: userId, millicredits: 1, idempotencyKey: `owed:${userId}`, reason: 'test' }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS' });

    // A pack pays part of it; still owed, still refused.
    await grantBonusCredits({
      db,
      billingUserId: userId,
      millicredits: 2000,
      idempotencyKey: `pack:${userId}`,
      reference: 'cs_pack',
      kind: 'pack',
    });
    expect(await getCreditBalance({ db, billingUserId: userId })).toMatchObject({
      totalMillicredits: -3000,
      debtMillicredits: 3000,
    });
    await expect(
      reserveCredits({ db, billingUserId: userId, millicredits: 1, reference: 'chat:still-refused' }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS' });

    // The next period's allowance pays the rest first; nothing is owed any more, and calls run again.
    await grantPeriodCredits({
      db,
      billingUserId: userId,
      millicredits: 10_000,
      idempotencyKey: `period2:${userId}`,
      reference: 'in_next',
      periodStartedAt: new Date(),
    });
    expect(await getCreditBalance({ db, billingUserId: userId })).toMatchObject({
      planMillicredits: 7000,
      bonusMillicredits: 0,
      debtMillicredits: 0,
    });
    const payments = await db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.idempotencyKey, `debt_payment:period2:${userId}`));
    expect(payments).toMatchObject([{ kind: 'debt_payment', planDelta: -3000, bonusDelta: 3000 }]);
    await reserveCredits({ db, billingUserId: userId, millicredits: 7000, reference: 'chat:again' });
    await expectLedgerMatchesBalance(userId);
  });

  it('settles 20 concurrent calls that each cost more than held: every millicredit charged, the rest owed once', async () => {
    const userId = await userWith(10);
    const holds = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        reserveCredits({ db, billingUserId: userId, millicredits: 500, reference: `race:${index}` }),
      ),
    );
    const closings = await Promise.all(
      holds.map(({ holdId }) => settleCredits({ db, holdId, millicredits: 1500, usage })),
    );
    expect(closings.reduce((sum, closing) => sum + closing.chargedMillicredits, 0)).toBe(30_000);
    expect(closings.reduce((sum, closing) => sum + closing.shortfallMillicredits, 0)).toBe(20_000);
    expect(await getCreditBalance({ db, billingUserId: userId })).toMatchObject({
      planMillicredits: 0,
      totalMillicredits: -20_000,
      debtMillicredits: 20_000,
    });
    await expectLedgerMatchesBalance(userId);
  });

  it('releases a whole hold, and a later settle charges nothing', async () => {
    const userId = await userWith(10);
    const { holdId } = await reserveCredits({ db, billingUserId: userId, millicredits: 4000, reference: 'chat:3' });
    await releaseCredits({ db, holdId });
    await settleCredits({ db, holdId, millicredits: 4000, usage });
    expect((await getCreditBalance({ db, billingUserId: userId })).totalMillicredits).toBe(10_000);
    await expectLedgerMatchesBalance(userId);
  });

  it('keeps plan credits of an old period expired when a hold from that period is released', async () => {
    const userId = await userWith(10, 2);
    const { holdId } = await reserveCredits({ db, billingUserId: userId, millicredits: 11_000, reference: 'chat:4' });
    await grantPeriodCredits({
      db,
      billingUserId: userId,
      millicredits: 10_000,
      idempotencyKey: `grant2:${userId}`,
      reference: 'in_next',
      periodStartedAt: new Date(),
    });
    await releaseCredits({ db, holdId });
    // The new period's 10 plan credits and the 1 bonus credit held; the old 10 plan credits stay expired.
    expect(await getCreditBalance({ db, billingUserId: userId })).toMatchObject({
      planMillicredits: 10_000,
      bonusMillicredits: 2000,
    });
    await expectLedgerMatchesBalance(userId);
  });

  it('grants a period once per key and expires unused plan credits, keeping bonus', async () => {
    const userId = await userWith(10, 3);
    await spendCredits({
      db,
      billingUserId: userId,
      millicredits: 4000,
      idempotencyKey: `g:${userId}`,
      reason: 'test',
    });
    const next = {
      db,
      billingUserId: userId,
      millicredits: 20_000,
      idempotencyKey: `in_cycle:${userId}`,
      reference: 'in_cycle',
      periodStartedAt: new Date(),
    };
    expect(await grantPeriodCredits(next)).toEqual({ isApplied: true });
    expect(await grantPeriodCredits(next)).toEqual({ isApplied: false });
    expect(await getCreditBalance({ db, billingUserId: userId })).toMatchObject({
      planMillicredits: 20_000,
      bonusMillicredits: 3000,
      planLimitMillicredits: 20_000,
    });
    await expectLedgerMatchesBalance(userId);
  });

  it('sweeps holds left open for more than ten minutes', async () => {
    const userId = await userWith(10);
    const { holdId } = await reserveCredits({ db, billingUserId: userId, millicredits: 3000, reference: 'chat:5' });
    const fresh = await reserveCredits({ db, billingUserId: userId, millicredits: 1000, reference: 'chat:6' });
    await db
      .update(creditHold)
      .set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(creditHold.id, holdId));
    await releaseStaleHolds({ db });
    const holds = await db
      .select({ id: creditHold.id, status: creditHold.status })
      .from(creditHold)
      .where(eq(creditHold.userId, userId));
    expect(Object.fromEntries(holds.map((hold) => [hold.id, hold.status]))).toEqual({
      [holdId]: 'released',
      [fresh.holdId]: 'held',
    });
    expect((await getCreditBalance({ db, billingUserId: userId })).totalMillicredits).toBe(9000);
    await expectLedgerMatchesBalance(userId);
  });

  it('200 parallel spends of 1 credit against 100 end with 100 successes, 100 refusals and a balance of 0', async () => {
    const userId = await userWith(60, 40);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, index) =>
        spendCredits({
          db,
          billingUserId: userId,
          millicredits: 1000,
          idempotencyKey: `race:${userId}:${index}`,
          reason: 'race',
        }),
      ),
    );
    const successes = results.filter((result) => result.status === 'fulfilled');
    const refusals = results.filter(
      (result) => result.status === 'rejected' && result.reason instanceof AppError && result.reason.status === 402,
    );
    expect(successes).toHaveLength(100);
    expect(refusals).toHaveLength(100);
    expect(await getCreditBalance({ db, billingUserId: userId })).toMatchObject({
      planMillicredits: 0,
      bonusMillicredits: 0,
      totalMillicredits: 0,
    });
    await expectLedgerMatchesBalance(userId);
  });
});
