import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/create-test-app';
import { readGenericPlan, listSeqScannedRelations } from '../../test/read-generic-plan';
import { lockAndHistoryStatement } from '../llm/read-turn-context';
import { lockStateStatement } from './is-subaccount-locked';

/**
 * The lock state is read on every write and every chat message, as prepared statements whose
 * generic plans (made without the values) must find every row through an index, however many
 * sub accounts, subscriptions and threads there are.
 */
describe('the lock-state statements’ plans', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness.close());

  it.each([
    ['the write check', lockStateStatement],
    ['the gateway’s read before a call', lockAndHistoryStatement],
  ])('%s reads no table whole and counts the owner’s sub accounts through their index', async (_name, statement) => {
    const plan = await readGenericPlan(harness.app.platform.database.db, statement);
    expect(listSeqScannedRelations(plan)).toEqual([]);
    expect(plan).toContain('subaccount_settings_owner_idx');
  });
});
