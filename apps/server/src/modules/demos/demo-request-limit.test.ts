import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Demo } from '@agentry/core/demos';
import { createTestApp } from '../../test/create-test-app';
import { createTestAgent, grantTestCredits, signInWithWorkspace } from '../../test/agent-fixtures';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { demo } from './demos.tables';

/**
 * The request limit under concurrent visitors. PGlite serializes every query, so this is only
 * a real race on PostgreSQL (DATABASE_URL set): there the 50 claims overlap.
 */
describe('demo request limit under concurrency', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeOpenAiServer;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;
  let agentId: string;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    harness = await createTestApp({
      OPENAI_API_KEY: 'sk-platform',
      OPENAI_BASE_URL: fake.url,
      DEMO_RATE_LIMIT_PER_MINUTE: '10000',
    });
    owner = await signInWithWorkspace(harness.app, 'owner@limit.test');
    await grantTestCredits(harness.app, owner.userId, 50_000_000);
    agentId = (await createTestAgent(harness.app, owner, { aiName: 'Busy bot' })).buildId;
  });
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });

  async function createDemo(requestLimit: number) {
    const response = await harness.app.inject({
      method: 'POST',
      url: `/api/subaccounts/${owner.subaccountId}/demos`,
      headers: { cookie: owner.cookie },
      payload: { name: 'Busy demo', type: 'standard', buildId: agentId, requestLimit },
    });
    return response.json<Demo>();
  }

  const countOf = async (demoId: string) =>
    (
      await harness.app.platform.database.db.select({ count: demo.requestCount }).from(demo).where(eq(demo.id, demoId))
    )[0]?.count;

  it('lets exactly `limit` of 50 concurrent visitors through; the rest get 429', async () => {
    fake.reset();
    fake.setDelays({ responseMs: 20 });
    const created = await createDemo(10);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        harness.app.inject({
          method: 'POST',
          url: '/api/demo-chat',
          remoteAddress: `203.0.113.${index}`,
          payload: { demoId: created.demoId, message: `visitor ${index}` },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
    expect(responses.find((response) => response.statusCode === 429)?.json().error.message).toBe(
      'Demo usage limit reached. Please contact the demo creator for a new link.',
    );
    expect(await countOf(created.demoId)).toBe(10);
    expect(fake.requests).toHaveLength(10);
  });

  it('counts only answered requests when some fail concurrently', async () => {
    fake.reset();
    fake.setDelays({ responseMs: 10 });
    const created = await createDemo(100);
    fake.failNext('invalid-key', 5);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        harness.app.inject({
          method: 'POST',
          url: '/api/demo-chat',
          payload: { demoId: created.demoId, message: `visitor ${index}` },
        }),
      ),
    );
    const answered = responses.filter((response) => response.statusCode === 200).length;
    expect(responses.filter((response) => response.statusCode === 502)).toHaveLength(5);
    expect(answered).toBe(25);
    expect(await countOf(created.demoId)).toBe(25);
  });
});
