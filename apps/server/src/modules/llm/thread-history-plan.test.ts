import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../../test/create-test-app';
import { rowsOf } from '../../platform/db/rows-of';
import { threadHistorySql } from './load-thread-history';

/**
 * The history read on every message finds its thread by the primary key, however many threads
 * the agent has: the (sub account, agent) index would read them all.
 */
describe('the thread history query plan', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness.close());

  it('looks the thread up by its primary key, never through the agent index', async () => {
    const history = threadHistorySql({
      threadId: sql`${'thread-1'}`,
      subaccountId: sql`${'subaccount-1'}`,
      agentId: sql`${'agent-1'}`,
      source: sql`${'widget'}`,
      owner: sql`${'widget:connection:visitor'}`,
    });
    const [row] = rowsOf<Record<string, unknown>>(
      await harness.app.platform.database.db.execute(sql`explain (format json) select ${history} as history`),
    );
    const plan = JSON.stringify(row);
    expect(plan).toContain('llm_thread_pkey');
    expect(plan).not.toContain('llm_thread_subaccount_agent_idx');
  });
});
