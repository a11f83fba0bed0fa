import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/create-test-app';
import { listIndexConditions, listSeqScannedRelations, readGenericPlan } from '../../test/read-generic-plan';
import { takeStatement } from './take-daily-message';

/**
 * The daily-limit check runs on every visitor message as a prepared statement, so its plan is
 * the generic one, made without knowing the values. It must find the conversation by its
 * primary key (through the (connection, last message) index it read every conversation the
 * widget ever had, on every message), count the owner's sub accounts through their index, and
 * find the widget's expired reservations by their expiry (through the connection alone it walked
 * the rows of every answered message not yet vacuumed away).
 */
describe("the widget's daily-limit check plan", () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness.close());

  it('looks the conversation up by its primary key, and the owner’s sub accounts by their index', async () => {
    const plan = await readGenericPlan(harness.app.platform.database.db, takeStatement);
    expect(plan).toContain('widget_conversation_pkey');
    expect(plan).not.toContain('widget_conversation_connection_time_idx');
    expect(plan).toContain('subaccount_settings_owner_idx');
    expect(listSeqScannedRelations(plan)).toEqual([]);
  });

  it('finds only the expired reservations, by the (connection, expiry) index', async () => {
    const plan = await readGenericPlan(harness.app.platform.database.db, takeStatement);
    const [condition, ...others] = listIndexConditions(plan, 'widget_daily_reservation_expiry_idx');
    expect(others).toEqual([]);
    expect(condition).toMatch(/connection_id = /);
    expect(condition).toMatch(/expires_at <= /);
  });
});
