import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithWorkspace } from '../../test/agent-fixtures';
import { createTestApp } from '../../test/create-test-app';
import { llmUsage } from './llm.tables';
import { insertUsageRow, type UsageRow } from './save-thread-turn';

/** A call's usage row on its own (a call not stored as a turn), sent as one prepared statement. */
describe('insertUsageRow', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let subaccountId: string;

  beforeAll(async () => {
    harness = await createTestApp();
    ({ subaccountId } = await signInWithWorkspace(harness.app, 'owner@usage-row.test'));
  });
  afterAll(async () => {
    await harness.close();
  });

  const rowOf = (overrides: Partial<UsageRow> = {}): UsageRow => ({
    id: randomUUID(),
    subaccountId,
    agentId: null,
    threadId: null,
    source: 'evaluation',
    provider: 'openai',
    model: 'gpt-4o-mini',
    keySource: 'platform',
    inputTokens: 1234,
    outputTokens: 56,
    costUsd: 0.000_218_7,
    millicredits: 7,
    status: 'failed',
    ...overrides,
  });
  const read = async (id: string) =>
    harness.app.platform.database.db.select().from(llmUsage).where(eq(llmUsage.id, id));

  it('stores every column as given (the cost a fraction, no agent or thread), stamped with its time', async () => {
    const row = rowOf();
    const before = Date.now();
    await insertUsageRow(harness.app.platform.database.db, row);
    const [stored] = await read(row.id);
    expect(stored).toMatchObject(row);
    expect(stored?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    // The same statement again, with other values (an agent's call on a thread, succeeded).
    const second = rowOf({
      agentId: 'agent-1',
      threadId: 'thread-1',
      status: 'succeeded',
      costUsd: 0,
      millicredits: 0,
    });
    await insertUsageRow(harness.app.platform.database.db, second);
    expect(await read(second.id)).toEqual([expect.objectContaining(second)]);
  });

  it('writes inside the transaction it is given: rolled back with it', async () => {
    const row = rowOf();
    await expect(
      harness.app.platform.database.db.transaction(async (tx) => {
        await insertUsageRow(tx, row);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await read(row.id)).toEqual([]);
  });
});
