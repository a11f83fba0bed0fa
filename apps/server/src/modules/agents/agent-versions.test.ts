import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { AgentVersion, ListAgentVersionsReply } from '@agentry/core/agent-versions';
import type { Agent } from '@agentry/core/agents';
import { createTestAgent, grantTestCredits, signInWithWorkspace } from '../../test/agent-fixtures';
import { createTestApp } from '../../test/create-test-app';
import { startFakeOpenAiServer, textOf, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { grantTestPlan } from '../../test/grant-test-plan';
import { addTestMember, createTestWidget } from '../../test/widget-fixtures';
import {
  evaluationPayload,
  roleOf,
  scriptEvaluationProvider,
  startRun,
  waitForRun,
} from '../evaluation/evaluation-fixtures';
import { evaluationRun } from '../evaluation/evaluation.tables';
import { rowsOf } from '../../platform/db/rows-of';
import { agent as agentTable, agentVersion } from './agents.tables';

describe('agent versions', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeOpenAiServer;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;
  let apiSecret: string;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    harness = await createTestApp({ OPENAI_API_KEY: 'sk-platform', OPENAI_BASE_URL: fake.url });
    owner = await signInWithWorkspace(harness.app, 'owner@versions.test');
    await grantTestPlan(harness.app.platform.database.db, owner.userId);
    await grantTestCredits(harness.app, owner.userId, 5_000_000);
    const key = await harness.app.inject({
      method: 'POST',
      url: `/api/subaccounts/${owner.subaccountId}/api-keys`,
      headers: { cookie: owner.cookie },
      payload: { name: 'Production' },
    });
    apiSecret = key.json<{ secret: string }>().secret;
    // A new migration makes the first file to start build the database snapshot: slow on a loaded machine.
  }, 240_000);
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const as = (cookie: string) => (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    harness.app.inject({ method, url, headers: { cookie }, payload: payload as Record<string, unknown> });
  const versionsUrl = (agentId: string) => `/api/subaccounts/${owner.subaccountId}/agents/${agentId}/versions`;
  const listVersions = async (agentId: string, cookie = owner.cookie) => {
    const response = await as(cookie)('GET', versionsUrl(agentId));
    expect(response.statusCode).toBe(200);
    return response.json<ListAgentVersionsReply>();
  };
  const systemPrompts = () =>
    fake.requests.map((request) => textOf(request.body.messages.find((message) => message.role === 'system')));
  const widgetSays = async (widgetId: string) => {
    const response = await harness.app.inject({
      method: 'POST',
      url: `/api/widget/${widgetId}/chat`,
      payload: { message: 'hello' },
    });
    expect(response.statusCode).toBe(200);
    return systemPrompts().at(-1);
  };
  const apiSays = async (agentId: string) => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { authorization: `Bearer ${apiSecret}` },
      payload: { model: agentId, messages: [{ role: 'user', content: 'hello' }] },
    });
    expect(response.statusCode).toBe(200);
    return systemPrompts().at(-1);
  };
  const testChatSays = async (agentId: string) => {
    const response = await as(owner.cookie)('POST', '/api/openai/run-prompt', {
      assistantId: agentId,
      message: 'hello',
    });
    expect(response.statusCode).toBe(200);
    return systemPrompts().at(-1);
  };

  it('records each change of behaviour as a version; visitors keep the published one until a publish, the test chat gets the draft', async () => {
    const agent = await createTestAgent(harness.app, owner, { aiName: 'Versioned', instructions: 'Version one.' });
    expect(agent.publishedVersionId).toEqual(expect.any(String));
    const widget = await createTestWidget(harness.app, owner, {
      agentId: agent.buildId,
      settings: { dailyLimit: 1000 },
    });

    const first = await listVersions(agent.buildId);
    expect(first.versions).toHaveLength(1);
    expect(first.versions[0]).toMatchObject({
      number: 1,
      status: 'published',
      source: 'create',
      authorUserId: owner.userId,
      behaviour: { instructions: 'Version one.' },
    });
    expect(first.publishedVersionId).toBe(first.versions[0]?.id);
    expect(await widgetSays(widget.widgetId)).toBe('Version one.');
    expect(await apiSays(agent.buildId)).toBe('Version one.');

    // A rename is not a change of behaviour: no version.
    await as(owner.cookie)('PATCH', `/api/subaccounts/${owner.subaccountId}/agents/${agent.buildId}`, {
      aiName: 'Renamed',
    });
    expect((await listVersions(agent.buildId)).versions).toHaveLength(1);

    const edited = await as(owner.cookie)('PATCH', `/api/subaccounts/${owner.subaccountId}/agents/${agent.buildId}`, {
      instructions: 'Version two.',
      versionNote: 'Shorter answers',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Agent>()).toMatchObject({
      instructions: 'Version two.',
      publishedVersionId: first.publishedVersionId,
    });
    const afterEdit = await listVersions(agent.buildId);
    expect(afterEdit.versions.map((version) => [version.number, version.status, version.note])).toEqual([
      [2, 'draft', 'Shorter answers'],
      [1, 'published', ''],
    ]);
    expect(afterEdit.versions[0]?.authorName).toEqual(expect.any(String));
    // Visitors (widget, API) still get version 1; the editor's test chat answers with the draft.
    expect(await widgetSays(widget.widgetId)).toBe('Version one.');
    expect(await apiSays(agent.buildId)).toBe('Version one.');
    expect(await testChatSays(agent.buildId)).toBe('Version two.');

    const draftId = afterEdit.versions[0]?.id ?? '';
    const published = await as(owner.cookie)('POST', `${versionsUrl(agent.buildId)}/${draftId}/publish`, {});
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ version: { number: 2, status: 'published' }, gate: null });
    expect(await widgetSays(widget.widgetId)).toBe('Version two.');
    expect(await apiSays(agent.buildId)).toBe('Version two.');
    const afterPublish = await listVersions(agent.buildId);
    expect(afterPublish.publishedVersionId).toBe(draftId);
    expect(afterPublish.versions.map((version) => version.status)).toEqual(['published', 'archived']);

    // Restoring version 1 makes version 3, a draft with version 1's behaviour; visitors keep version 2.
    const oneId = afterPublish.versions[1]?.id ?? '';
    const restored = await as(owner.cookie)('POST', `${versionsUrl(agent.buildId)}/${oneId}/restore`, {});
    expect(restored.statusCode).toBe(201);
    expect(restored.json<AgentVersion>()).toMatchObject({
      number: 3,
      status: 'draft',
      source: 'restore',
      note: 'Restored version 1',
      behaviour: { instructions: 'Version one.' },
    });
    const working = await as(owner.cookie)('GET', `/api/subaccounts/${owner.subaccountId}/agents/${agent.buildId}`);
    expect(working.json<Agent>().instructions).toBe('Version one.');
    expect(await widgetSays(widget.widgetId)).toBe('Version two.');
    const one = await as(owner.cookie)('GET', `${versionsUrl(agent.buildId)}/${oneId}`);
    expect(one.json<AgentVersion>()).toMatchObject({ number: 1, status: 'archived' });
  });

  /**
   * Runs `publishes` at once. On PostgreSQL a transaction holds the agent's row until both
   * publishes wait on a lock, so both have passed whatever check comes before: the race is forced,
   * not hoped for. PGlite has one connection and runs transactions one after the other.
   */
  async function racePublishes<T>(agentId: string, count: number, publishes: () => Promise<T>) {
    const { db, mode } = harness.app.platform.database;
    if (mode !== 'postgres') return publishes();
    let running: Promise<T> | undefined;
    await db.transaction(async (tx) => {
      await tx.select({ id: agentTable.id }).from(agentTable).where(eq(agentTable.id, agentId)).for('update');
      running = publishes();
      const waiting = sql`select count(*)::int as value from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`;
      for (let attempt = 0; attempt < 400; attempt += 1) {
        const [row] = rowsOf<{ value: number }>(await db.execute(waiting));
        if ((row?.value ?? 0) >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('The publishes never waited on a lock');
    });
    return running!;
  }

  it('leaves exactly one version published when two publishes arrive at once', async () => {
    const agent = await createTestAgent(harness.app, owner, { aiName: 'Raced', instructions: 'Raced one.' });
    const agentUrl = `/api/subaccounts/${owner.subaccountId}/agents/${agent.buildId}`;
    await as(owner.cookie)('PATCH', agentUrl, { instructions: 'Raced two.' });
    await as(owner.cookie)('PATCH', agentUrl, { instructions: 'Raced three.' });
    const [three, two] = (await listVersions(agent.buildId)).versions;
    const responses = await racePublishes(agent.buildId, 2, () =>
      Promise.all(
        [two, three].map((version) =>
          as(owner.cookie)('POST', `${versionsUrl(agent.buildId)}/${version?.id ?? ''}/publish`, {}),
        ),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    const after = await listVersions(agent.buildId);
    const published = after.versions.filter((version) => version.status === 'published');
    expect(published).toHaveLength(1);
    expect(after.publishedVersionId).toBe(published[0]?.id);
    expect(after.versions.find((version) => version.number === 1)?.status).toBe('archived');

    // The database itself refuses a second published version of an agent.
    const { db } = harness.app.platform.database;
    const [row] = await db
      .select()
      .from(agentVersion)
      .where(eq(agentVersion.id, published[0]?.id ?? ''));
    if (!row) throw new Error('published version row missing');
    await expect(db.insert(agentVersion).values({ ...row, id: randomUUID(), number: 99 })).rejects.toThrow();
  });

  it('lets viewers read the history but not publish or restore; another sub account sees nothing', async () => {
    const agent = await createTestAgent(harness.app, owner, { aiName: 'Guarded', instructions: 'Guarded one.' });
    const viewer = await addTestMember(harness.app, owner.subaccountId, 'viewer@versions.test', 'viewer');
    const outsider = await signInWithWorkspace(harness.app, 'outsider@versions.test');
    const history = await listVersions(agent.buildId, viewer.cookie);
    const versionId = history.versions[0]?.id ?? '';
    expect((await as(viewer.cookie)('POST', `${versionsUrl(agent.buildId)}/${versionId}/publish`, {})).statusCode).toBe(
      403,
    );
    expect((await as(viewer.cookie)('POST', `${versionsUrl(agent.buildId)}/${versionId}/restore`, {})).statusCode).toBe(
      403,
    );
    expect((await as(outsider.cookie)('GET', versionsUrl(agent.buildId))).statusCode).toBe(404);
    const other = await createTestAgent(harness.app, owner, { aiName: 'Other' });
    // A version of another agent is not found under this one.
    expect((await as(owner.cookie)('GET', `${versionsUrl(other.buildId)}/${versionId}`)).statusCode).toBe(404);
  });

  it('an evaluation run records the version it tested and answers as that version', async () => {
    const agent = await createTestAgent(harness.app, owner, {
      aiName: 'Evaluated',
      provider: 'openai',
      model: 'gpt-4o-mini',
      instructions: 'Evaluated one.',
    });
    await as(owner.cookie)('PATCH', `/api/subaccounts/${owner.subaccountId}/agents/${agent.buildId}`, {
      instructions: 'Evaluated two.',
    });
    const [two, one] = (await listVersions(agent.buildId)).versions;
    scriptEvaluationProvider(fake);

    const runOf = async (overrides: Record<string, unknown>) => {
      const started = await startRun(
        harness.app,
        owner.cookie,
        evaluationPayload({ ai1_config: {}, assistant_id: agent.buildId, ...overrides }),
        '/api/openai/assistants/run/evaluationdata',
      );
      expect(started.statusCode).toBe(201);
      const runId = started.json<{ runId: string }>().runId;
      await waitForRun(harness.app, owner.cookie, runId);
      const [row] = await harness.app.platform.database.db
        .select()
        .from(evaluationRun)
        .where(eq(evaluationRun.id, runId));
      return row;
    };
    const assistantPrompts = () =>
      fake.requests
        .filter((request) => roleOf(request.body) === 'assistant')
        .map((request) => textOf(request.body.messages[0]));

    const newest = await runOf({});
    expect(newest?.agentVersionId).toBe(two?.id);
    expect(assistantPrompts().at(-1)).toBe('Evaluated two.');

    const older = await runOf({ agentVersionId: one?.id });
    expect(older).toMatchObject({ agentVersionId: one?.id, purpose: 'Evaluated one.' });
    expect(assistantPrompts().at(-1)).toBe('Evaluated one.');

    const foreign = await startRun(
      harness.app,
      owner.cookie,
      evaluationPayload({ ai1_config: {}, assistant_id: agent.buildId, agentVersionId: 'not-a-version' }),
      '/api/openai/assistants/run/evaluationdata',
    );
    expect(foreign.statusCode).toBe(404);
  });
});
