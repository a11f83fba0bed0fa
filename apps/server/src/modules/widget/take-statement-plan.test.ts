import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/rows-of';
import { createTestApp } from '../../test/create-test-app';
import { takeStatement } from './take-daily-message';

/**
 * The daily-limit check runs on every visitor message as a prepared statement, so its plan is
 * the generic one, made without knowing the values. It must find the conversation by its
 * primary key: through the (connection, last message) index it read every conversation the
 * widget ever had, on every message.
 */
describe("the widget's daily-limit check plan", () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness.close());

  it('looks the conversation up by its primary key in the generic plan', async () => {
    const { db } = harness.app.platform.database;
    const { sql: text, params } = takeStatement.query;
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare take_plan_check as ${text}`));
      const nulls = params.map(() => 'null').join(', ');
      const [row] = rowsOf<Record<string, unknown>>(
        await tx.execute(sql.raw(`explain (format json) execute take_plan_check(${nulls})`)),
      );
      await tx.execute(sql.raw('deallocate take_plan_check'));
      return JSON.stringify(row);
    });
    expect(plan).toContain('widget_conversation_pkey');
    expect(plan).not.toContain('widget_conversation_connection_time_idx');
  });
});
