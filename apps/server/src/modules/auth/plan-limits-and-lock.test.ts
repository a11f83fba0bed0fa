import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentry/core/agents';
import { billingSubscription } from '../billing/billing.tables';
import { evaluationPayload, startRun } from '../evaluation/evaluation-fixtures';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createTestAgent, signInWithWorkspace } from '../../test/agent-fixtures';
import { grantTestPlan } from '../../test/grant-test-plan';

const lockError = { code: 'PLAN_REQUIRED', message: 'Pick a plan to use this feature', reason: 'subaccount_locked' };

describe('plan limits and the lock after a downgrade, enforced on the server', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let app: TestApp;

  beforeAll(async () => {
    harness = await createTestApp();
    app = harness.app;
  });
  afterAll(async () => {
    await harness.close();
  });

  it('gives a free sub account exactly one agent, even for 10 parallel creates', async () => {
    const owner = await signInWithWorkspace(app, 'free-parallel@agency.test');
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        app.inject({
          method: 'POST',
          url: `/api/subaccounts/${owner.subaccountId}/agents`,
          headers: { cookie: owner.cookie },
          payload: { aiName: `Agent ${index}` },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, ...Array<number>(9).fill(403)]);
    const refused = responses.find((response) => response.statusCode === 403);
    expect(refused?.json().error).toMatchObject({ code: 'PLAN_REQUIRED', capability: 'agents_per_subaccount' });
    const list = await app.inject({
      method: 'GET',
      url: `/api/subaccounts/${owner.subaccountId}/agents`,
      headers: { cookie: owner.cookie },
    });
    expect(list.json<{ agents: unknown[] }>().agents).toHaveLength(1);
    // Drafting from an idea creates an agent too: the same limit.
    const fromIdea = await app.inject({
      method: 'POST',
      url: `/api/subaccounts/${owner.subaccountId}/agents/from-idea`,
      headers: { cookie: owner.cookie },
      payload: { idea: 'A bakery assistant' },
    });
    expect(fromIdea.statusCode).toBe(403);
    expect(fromIdea.json().error).toMatchObject({ code: 'PLAN_REQUIRED', capability: 'agents_per_subaccount' });
  });

  it('gives a free sub account exactly one website widget, even for 6 parallel creates', async () => {
    const owner = await signInWithWorkspace(app, 'free-widgets@agency.test');
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        app.inject({
          method: 'POST',
          url: `/api/subaccounts/${owner.subaccountId}/connections`,
          headers: { cookie: owner.cookie },
          payload: { type: 'website-widget' },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, ...Array<number>(5).fill(403)]);
  });

  it('lets a paid plan create more than one agent', async () => {
    const owner = await signInWithWorkspace(app, 'growth-agents@agency.test');
    await grantTestPlan(app.platform.database.db, owner.userId);
    await createTestAgent(app, owner, { aiName: 'One' });
    await createTestAgent(app, owner, { aiName: 'Two' });
  });

  describe('after a downgrade', () => {
    let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;
    let second: string;
    let secondAgent: Agent;
    let secondDemoId: string;

    beforeAll(async () => {
      owner = await signInWithWorkspace(app, 'downgraded@agency.test');
      const db = app.platform.database.db;
      const subscriptionId = await grantTestPlan(db, owner.userId);
      const created = await app.inject({
        method: 'POST',
        url: '/api/subaccounts',
        headers: { cookie: owner.cookie },
        payload: { name: 'Second client' },
      });
      expect(created.statusCode).toBe(201);
      second = created.json<{ id: string }>().id;
      secondAgent = await createTestAgent(
        app,
        { cookie: owner.cookie, subaccountId: second },
        { aiName: 'Second agent' },
      );
      const demo = await app.inject({
        method: 'POST',
        url: `/api/subaccounts/${second}/demos`,
        headers: { cookie: owner.cookie },
        payload: { name: 'Second demo', type: 'website', buildId: secondAgent.buildId },
      });
      expect(demo.statusCode).toBe(201);
      secondDemoId = demo.json<{ demoId: string }>().demoId;
      // The plan ends: back to the free plan's one active sub account, and nobody has chosen yet.
      await db
        .update(billingSubscription)
        .set({ status: 'canceled', endedAt: new Date() })
        .where(eq(billingSubscription.id, subscriptionId));
    });

    it('makes the sub accounts over the limit read-only without waiting for the client to choose', async () => {
      const agents = await app.inject({
        method: 'GET',
        url: `/api/subaccounts/${second}/agents`,
        headers: { cookie: owner.cookie },
      });
      expect(agents.statusCode).toBe(200);

      const create = await app.inject({
        method: 'POST',
        url: `/api/subaccounts/${second}/agents`,
        headers: { cookie: owner.cookie },
        payload: { aiName: 'Blocked' },
      });
      expect(create.statusCode).toBe(403);
      expect(create.json().error).toMatchObject(lockError);

      const chat = await app.inject({
        method: 'POST',
        url: '/api/openai/run-prompt',
        headers: { cookie: owner.cookie },
        payload: { assistantId: secondAgent.buildId, message: 'Hello' },
      });
      expect(chat.statusCode).toBe(403);
      expect(chat.json().error).toMatchObject(lockError);

      const stream = await app.inject({
        method: 'POST',
        url: '/api/openai/run-prompt/stream',
        headers: { cookie: owner.cookie },
        payload: { assistantId: secondAgent.buildId, message: 'Hello' },
      });
      expect(stream.statusCode).toBe(403);

      const active = await app.inject({
        method: 'PATCH',
        url: '/api/me/active-subaccount',
        headers: { cookie: owner.cookie },
        payload: { subaccountId: second },
      });
      expect(active.statusCode).toBe(200);
      const evaluation = await startRun(
        app,
        owner.cookie,
        evaluationPayload({ ai1_config: {}, assistant_id: secondAgent.buildId }),
        '/api/openai/assistants/run/evaluationdata',
      );
      expect(evaluation.statusCode).toBe(403);
      expect(evaluation.json().error).toMatchObject(lockError);

      // Its public channels spend the owner's credits too: the shared demo stops answering.
      const demoChat = await app.inject({
        method: 'POST',
        url: '/api/demo-chat',
        payload: { demoId: secondDemoId, message: 'Hello' },
      });
      expect(demoChat.statusCode).toBe(403);
      expect(demoChat.json().error).toMatchObject(lockError);

      // The oldest sub account stays writable within the free plan.
      await createTestAgent(app, owner, { aiName: 'Kept' });
    });

    it('moves the lock to the other sub accounts once the owner keeps this one', async () => {
      const choose = await app.inject({
        method: 'POST',
        url: '/api/billing/subaccount-lock',
        headers: { cookie: owner.cookie },
        payload: { subaccountId: second },
      });
      expect(choose.statusCode).toBe(200);
      const update = await app.inject({
        method: 'PATCH',
        url: `/api/subaccounts/${second}/agents/${secondAgent.buildId}`,
        headers: { cookie: owner.cookie },
        payload: { aiName: 'Renamed' },
      });
      expect(update.statusCode).toBe(200);

      const list = await app.inject({
        method: 'GET',
        url: `/api/subaccounts/${owner.subaccountId}/agents`,
        headers: { cookie: owner.cookie },
      });
      const kept = list.json<{ agents: { buildId: string }[] }>().agents[0];
      if (!kept) throw new Error('the first sub account has no agent');
      const chat = await app.inject({
        method: 'POST',
        url: '/api/openai/run-prompt',
        headers: { cookie: owner.cookie },
        payload: { assistantId: kept.buildId, message: 'Hello' },
      });
      expect(chat.statusCode).toBe(403);
      expect(chat.json().error).toMatchObject(lockError);

      // The choice is made: the lock cannot be moved back and forth until an upgrade.
      const again = await app.inject({
        method: 'POST',
        url: '/api/billing/subaccount-lock',
        headers: { cookie: owner.cookie },
        payload: { subaccountId: owner.subaccountId },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(
        'Your plan allows every sub account still active: there is none to choose. Upgrade to unlock the others.',
      );
      const stillLocked = await app.inject({
        method: 'POST',
        url: '/api/openai/run-prompt',
        headers: { cookie: owner.cookie },
        payload: { assistantId: kept.buildId, message: 'Hello' },
      });
      expect(stillLocked.statusCode).toBe(403);
    });
  });
});
