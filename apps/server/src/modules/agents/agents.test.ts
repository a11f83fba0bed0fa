import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OFFLINE_RESPONDER_NOTICE } from '@agentry/core/llm';
import type { Agent } from '@agentry/core/agents';
import type { ListAgentVersionsReply } from '@agentry/core/agent-versions';
import { member, userProfile } from '../auth/auth.tables';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createTestAgent, grantTestCredits, signInWithWorkspace } from '../../test/agent-fixtures';
import { grantTestPlan } from '../../test/grant-test-plan';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { llmUsage } from '../llm/llm.tables';
import { agent as agentTable } from './agents.tables';
import { BUILDER_SYSTEM_PROMPT } from './draft-agent-configuration';

async function waitForJob(app: TestApp, cookie: string, jobId: string) {
  const seen: string[] = [];
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const response = await app.inject({ method: 'GET', url: `/api/agent/jobs/${jobId}`, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const job = response.json();
    if (seen.at(-1) !== job.status) seen.push(job.status);
    if (job.status === 'succeeded' || job.status === 'failed') return { job, seen };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${jobId} did not finish: ${seen.join(' -> ')}`);
}

describe('agents', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeOpenAiServer;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;
  let outsider: Awaited<ReturnType<typeof signInWithWorkspace>>;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    harness = await createTestApp({ OPENAI_API_KEY: 'sk-platform', OPENAI_BASE_URL: fake.url });
    owner = await signInWithWorkspace(harness.app, 'owner@agents.test');
    // Several agents in one sub account: more than the free plan's one.
    await grantTestPlan(harness.app.platform.database.db, owner.userId);
    outsider = await signInWithWorkspace(harness.app, 'outsider@agents.test');
    await grantTestCredits(harness.app, owner.userId, 1_000_000);
  });
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  async function addMember(email: string, role: 'admin' | 'member' | 'viewer') {
    const session = await signInWithWorkspace(harness.app, email);
    await harness.app.platform.database.db
      .insert(member)
      .values({ id: randomUUID(), organizationId: owner.subaccountId, userId: session.userId, role });
    return session;
  }

  it('creates an agent with the documented defaults and the platform model, lists, searches and counts it', async () => {
    const { app } = harness;
    const created = await createTestAgent(app, owner, {
      aiName: 'Smile Dental Bot',
      instructions: 'You help patients of Smile Dental.',
    });
    expect(created).toMatchObject({
      aiName: 'Smile Dental Bot',
      assistantId: created.buildId,
      status: 'ready',
      type: 'assistant',
      provider: 'openai',
      model: 'gpt-4o-mini',
      firstMessage: 'Hello! How can I help you today?',
      suggestedResponses: ['What is your product?', 'How does it work?', 'What are the pricing plans?'],
      temperature: 1,
      maxTokens: 2048,
      topP: 1,
      frequencyPenalty: 0,
      presencePenalty: 0,
      stopSequences: [],
      tools: [],
      discoveredTools: [],
      enabledTools: [],
      category: 'Chatbots',
    });
    await createTestAgent(app, owner, { aiName: 'Solar Helper' });

    const search = await app.inject({
      method: 'GET',
      url: `/api/subaccounts/${owner.subaccountId}/agents?search=DENTAL`,
      headers: { cookie: owner.cookie },
    });
    expect(search.json().agents.map((entry: { aiName: string }) => entry.aiName)).toEqual(['Smile Dental Bot']);
    const percent = await app.inject({
      method: 'GET',
      url: `/api/subaccounts/${owner.subaccountId}/agents?search=%25`,
      headers: { cookie: owner.cookie },
    });
    expect(percent.json().agents).toEqual([]);

    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: owner.cookie } });
    expect(me.json().subaccounts[0].agentCount).toBeGreaterThanOrEqual(2);
  });

  it('edits every field, normalises tools and derives discovered and enabled tools', async () => {
    const { app } = harness;
    const created = await createTestAgent(app, owner, { aiName: 'Editable' });
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/subaccounts/${owner.subaccountId}/agents/${created.buildId}`,
      headers: { cookie: owner.cookie },
      payload: {
        aiName: 'Edited',
        type: 'chat-completion',
        instructions: 'Be brief.',
        firstMessage: 'Hi!',
        suggestedResponses: ['One?'],
        provider: 'openrouter',
        model: 'anthropic/claude-3.5-sonnet',
        temperature: 0.2,
        maxTokens: 300,
        topP: 0.9,
        frequencyPenalty: 0.5,
        presencePenalty: -0.5,
        stopSequences: ['END'],
        category: 'SAAS',
        tools: [
          {
            name: 'get_weather',
            url: 'https://api.example.com/weather',
            method: 'GET',
            parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          },
          { name: 'book', url: 'https://api.example.com/book', enabled: false },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const agent = response.json();
    expect(agent).toMatchObject({
      aiName: 'Edited',
      type: 'chat-completion',
      provider: 'openrouter',
      temperature: 0.2,
      maxTokens: 300,
      stopSequences: ['END'],
      category: 'SAAS',
    });
    expect(agent.discoveredTools).toEqual(['GET_WEATHER', 'BOOK']);
    expect(agent.enabledTools).toEqual(['GET_WEATHER']);
    expect(agent.tools[0].schema).toEqual({
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
      description: '',
      title: 'get_weather',
    });

    const invalid = await app.inject({
      method: 'PATCH',
      url: `/api/subaccounts/${owner.subaccountId}/agents/${created.buildId}`,
      headers: { cookie: owner.cookie },
      payload: { temperature: 5 },
    });
    expect(invalid.statusCode).toBe(400);
    const duplicate = await app.inject({
      method: 'PATCH',
      url: `/api/subaccounts/${owner.subaccountId}/agents/${created.buildId}`,
      headers: { cookie: owner.cookie },
      payload: {
        tools: [
          { name: 'a', url: 'https://x.example' },
          { name: 'A', url: 'https://y.example' },
        ],
      },
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().error.message).toBe('Tool names must be unique: A');
  });

  it('answers a value out of range with a sentence naming the field and a reference, not the library text', async () => {
    const { app } = harness;
    const created = await createTestAgent(app, owner, { aiName: 'Bounded' });
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/subaccounts/${owner.subaccountId}/agents/${created.buildId}`,
      headers: { cookie: owner.cookie },
      payload: { suggestedResponses: Array.from({ length: 11 }, (_, index) => `Reply ${index}`) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Suggested responses must be at most 10 items.',
      support_id: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it("answers another sub account's agent exactly like a missing one, and enforces roles", async () => {
    const { app } = harness;
    const created = await createTestAgent(app, owner, { aiName: 'Private' });
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/subaccounts/${outsider.subaccountId}/agents/${created.buildId}`,
      headers: { cookie: outsider.cookie },
    });
    const missing = await app.inject({
      method: 'GET',
      url: `/api/subaccounts/${outsider.subaccountId}/agents/${randomUUID()}`,
      headers: { cookie: outsider.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(missing.json().error.message);
    const build = await app.inject({
      method: 'GET',
      url: `/api/builds/${created.buildId}`,
      headers: { cookie: outsider.cookie },
    });
    expect(build.statusCode).toBe(404);
    expect(build.json().error.message).toBe('Agent not found');

    const viewer = await addMember('viewer@agents.test', 'viewer');
    const read = await app.inject({
      method: 'GET',
      url: `/api/subaccounts/${owner.subaccountId}/agents/${created.buildId}`,
      headers: { cookie: viewer.cookie },
    });
    expect(read.statusCode).toBe(200);
    const write = await app.inject({
      method: 'PATCH',
      url: `/api/subaccounts/${owner.subaccountId}/agents/${created.buildId}`,
      headers: { cookie: viewer.cookie },
      payload: { aiName: 'Nope' },
    });
    expect(write.statusCode).toBe(403);
    const remove = await app.inject({
      method: 'DELETE',
      url: `/api/subaccounts/${owner.subaccountId}/agents/${created.buildId}`,
      headers: { cookie: viewer.cookie },
    });
    expect(remove.statusCode).toBe(403);

    const teammate = await addMember('member@agents.test', 'member');
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/subaccounts/${owner.subaccountId}/agents/${created.buildId}`,
      headers: { cookie: teammate.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    const gone = await app.inject({
      method: 'GET',
      url: `/api/subaccounts/${owner.subaccountId}/agents/${created.buildId}`,
      headers: { cookie: owner.cookie },
    });
    expect(gone.statusCode).toBe(404);
  });

  it('hides tool header values from viewers; members see them, and a member saving the agent keeps them', async () => {
    const { app } = harness;
    const secrets = { Authorization: 'Bearer crm-secret-token', 'X-Account': 'acct-4242' };
    const created = await createTestAgent(app, owner, {
      aiName: 'Tooled',
      tools: [{ name: 'crm', url: 'https://crm.example.com/api', headers: secrets }],
    });
    const viewer = await addMember('tools-viewer@agents.test', 'viewer');
    const teammate = await addMember('tools-member@agents.test', 'member');
    const agentUrl = `/api/subaccounts/${owner.subaccountId}/agents/${created.buildId}`;
    const versionsUrl = `${agentUrl}/versions`;
    const get = (cookie: string, url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
    const storedHeaders = async () => {
      const [row] = await app.platform.database.db
        .select({ tools: agentTable.tools })
        .from(agentTable)
        .where(eq(agentTable.id, created.buildId));
      return row?.tools[0]?.headers;
    };

    // Every route a viewer reads the agent or its versions through: names kept, values masked.
    for (const url of [
      agentUrl,
      `/api/subaccounts/${owner.subaccountId}/agents`,
      versionsUrl,
      `${versionsUrl}/${created.publishedVersionId}`,
      `/api/builds/${created.buildId}`,
    ]) {
      const response = await get(viewer.cookie, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain('crm-secret-token');
      expect(response.body, url).not.toContain('acct-4242');
    }
    const viewed = (await get(viewer.cookie, agentUrl)).json<Agent>();
    expect(viewed.tools[0]?.headers).toEqual({ Authorization: '••••••••', 'X-Account': '••••••••' });
    const history = (await get(viewer.cookie, versionsUrl)).json<ListAgentVersionsReply>();
    expect(history.versions[0]?.behaviour.tools[0]?.headers).toEqual({
      Authorization: '••••••••',
      'X-Account': '••••••••',
    });

    // Members (and up) get the values.
    const seen = (await get(teammate.cookie, agentUrl)).json<Agent>();
    expect(seen.tools[0]?.headers).toEqual(secrets);
    expect(
      (await get(owner.cookie, versionsUrl)).json<ListAgentVersionsReply>().versions[0]?.behaviour.tools[0]?.headers,
    ).toEqual(secrets);

    // The editor sends every tool back on save, as it got them.
    const asSent = (tools: Agent['tools']) =>
      tools.map((tool) => ({
        name: tool.name,
        description: tool.description,
        method: tool.method,
        url: tool.url,
        headers: tool.headers,
        parameters: tool.raw,
        parameterModes: tool.parameterModes,
        enabled: tool.enabled,
      }));
    const patch = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PATCH', url: agentUrl, headers: { cookie: teammate.cookie }, payload });
    const renamed = await patch({ aiName: 'Tooled again', tools: asSent(seen.tools) });
    expect(renamed.statusCode).toBe(200);
    expect(await storedHeaders()).toEqual(secrets);
    // A copy read with masked values (a page opened as a viewer, then promoted) does not overwrite them.
    const stale = await patch({ instructions: 'Use the CRM.', tools: asSent(viewed.tools) });
    expect(stale.statusCode).toBe(200);
    expect(stale.json<Agent>().tools[0]?.headers).toEqual(secrets);
    expect(await storedHeaders()).toEqual(secrets);
    // The mask names no stored value for a new header: the save is refused rather than storing the mask.
    const unknown = await patch({
      tools: [{ ...asSent(viewed.tools)[0], headers: { ...secrets, 'X-New': '••••••••' } }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(await storedHeaders()).toEqual(secrets);
  });

  it('routes the job and builds lookups through the permission table: a member row with an unknown role grants nothing', async () => {
    const { app } = harness;
    const { db } = app.platform.database;
    const created = await createTestAgent(app, owner, { aiName: 'Permission Table Build' });
    const started = await app.inject({
      method: 'POST',
      url: `/api/subaccounts/${owner.subaccountId}/agents/from-idea`,
      headers: { cookie: owner.cookie },
      payload: { idea: 'A library assistant' },
    });
    const { jobId } = started.json<{ jobId: string }>();
    // A stored role the permission table does not know (the auth library's `owner`), in the user's active sub account.
    const stranger = await signInWithWorkspace(app, 'unknown-role@agents.test');
    await db
      .insert(member)
      .values({ id: randomUUID(), organizationId: owner.subaccountId, userId: stranger.userId, role: 'owner' });
    await db
      .update(userProfile)
      .set({ activeSubaccountId: owner.subaccountId })
      .where(eq(userProfile.userId, stranger.userId));

    const job = await app.inject({
      method: 'GET',
      url: `/api/agent/jobs/${jobId}`,
      headers: { cookie: stranger.cookie },
    });
    expect(job.statusCode).toBe(404);
    expect(job.json().error).toMatchObject({ code: 'BUILDER_JOB_NOT_FOUND', message: 'Builder job not found' });
    // /api/builds answers the sub account /api/me calls active: the stranger's own, not the one of the unknown role.
    const builds = await app.inject({ method: 'GET', url: '/api/builds', headers: { cookie: stranger.cookie } });
    expect(builds.statusCode).toBe(200);
    expect(builds.json<{ builds: Agent[] }>().builds.map((build) => build.buildId)).not.toContain(created.buildId);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: stranger.cookie } });
    expect(me.json<{ activeSubaccountId: string }>().activeSubaccountId).toBe(stranger.subaccountId);

    // Members keep what they had: a viewer follows the job, an outsider gets 404.
    const viewer = await addMember('job-viewer@agents.test', 'viewer');
    const viewed = await app.inject({
      method: 'GET',
      url: `/api/agent/jobs/${jobId}`,
      headers: { cookie: viewer.cookie },
    });
    expect(viewed.statusCode).toBe(200);
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/agent/jobs/${jobId}`,
      headers: { cookie: outsider.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    await waitForJob(app, owner.cookie, jobId);
  });

  it("lists the active sub account's builds with assistantId", async () => {
    const { app } = harness;
    const created = await createTestAgent(app, owner, { aiName: 'Build Listed' });
    const builds = await app.inject({ method: 'GET', url: '/api/builds', headers: { cookie: owner.cookie } });
    expect(builds.statusCode).toBe(200);
    expect(builds.json().builds).toContainEqual(
      expect.objectContaining({ buildId: created.buildId, assistantId: created.buildId, aiName: 'Build Listed' }),
    );
    const one = await app.inject({
      method: 'GET',
      url: `/api/builds/${created.buildId}`,
      headers: { cookie: owner.cookie },
    });
    expect(one.json().assistantId).toBe(created.buildId);
    const none = await app.inject({ method: 'GET', url: '/api/builds', headers: { cookie: outsider.cookie } });
    expect(none.json().builds).toEqual([]);
  });

  it('creates an agent from an idea: the job goes queued -> succeeded and the agent gets the drafted configuration', async () => {
    const { app } = harness;
    fake.respondWith((request) => {
      if (request.messages[0]?.content !== BUILDER_SYSTEM_PROMPT) return undefined;
      return {
        text:
          '```json\n' +
          JSON.stringify({
            aiName: 'Sunny',
            instructions:
              'You are Sunny, the assistant of Bright Solar. You help homeowners compare solar panel offers.',
            firstMessage: 'Hi, I am Sunny! Thinking about solar?',
            suggestedResponses: ['How much can I save?', 'How long does installation take?', 'Do you offer financing?'],
            category: 'Consulting',
          }) +
          '\n```',
      };
    });
    const started = await app.inject({
      method: 'POST',
      url: `/api/subaccounts/${owner.subaccountId}/agents/from-idea`,
      headers: { cookie: owner.cookie },
      payload: { idea: 'A solar panel sales assistant for Bright Solar' },
    });
    expect(started.statusCode).toBe(202);
    const { jobId, buildId } = started.json();
    const creating = await app.inject({
      method: 'GET',
      url: `/api/subaccounts/${owner.subaccountId}/agents/${buildId}`,
      headers: { cookie: owner.cookie },
    });
    expect(['creating', 'ready']).toContain(creating.json().status);

    const { job, seen } = await waitForJob(app, owner.cookie, jobId);
    expect(seen[0]).toMatch(/queued|running|succeeded/);
    expect(seen.at(-1)).toBe('succeeded');
    expect(job.result.status).toBe('ready');
    expect(job.result.data).toMatchObject({
      buildId,
      aiName: 'Sunny',
      firstMessage: 'Hi, I am Sunny! Thinking about solar?',
      suggestedResponses: ['How much can I save?', 'How long does installation take?', 'Do you offer financing?'],
      category: 'Consulting',
      status: 'ready',
    });
    expect(job.result.data.instructions).toContain('Bright Solar');
    // The idea reached the model through the gateway, with the platform key.
    const request = fake.requests.at(-1);
    expect(request?.headers.authorization).toBe('Bearer sk-platform');
    expect(JSON.stringify(request?.body.messages)).toContain('A solar panel sales assistant for Bright Solar');
    const usage = await app.platform.database.db.select().from(llmUsage).where(eq(llmUsage.agentId, buildId));
    expect(usage).toEqual([
      expect.objectContaining({ source: 'agent-build', keySource: 'platform', status: 'succeeded' }),
    ]);
    expect(usage[0]?.millicredits).toBeGreaterThan(0);
  });

  it('fails the job with the parsed provider error, and with the documented text for an unusable answer', async () => {
    const { app } = harness;
    fake.failNext('invalid-key');
    const started = await app.inject({
      method: 'POST',
      url: `/api/subaccounts/${owner.subaccountId}/agents/from-idea`,
      headers: { cookie: owner.cookie },
      payload: { idea: 'A bakery helper' },
    });
    const { job } = await waitForJob(app, owner.cookie, started.json().jobId);
    expect(job).toEqual({ status: 'failed', error: 'Your API key is invalid or has been revoked.' });
    const agent = await app.inject({
      method: 'GET',
      url: `/api/subaccounts/${owner.subaccountId}/agents/${started.json().buildId}`,
      headers: { cookie: owner.cookie },
    });
    expect(agent.json().status).toBe('failed');

    fake.respondWith(() => ({ text: 'Sure! Here is a great agent for you.' }));
    const second = await app.inject({
      method: 'POST',
      url: `/api/subaccounts/${owner.subaccountId}/agents/from-idea`,
      headers: { cookie: owner.cookie },
      payload: { idea: 'A florist helper' },
    });
    expect((await waitForJob(app, owner.cookie, second.json().jobId)).job).toEqual({
      status: 'failed',
      error: 'Builder job failed',
    });
  });

  it("answers 'Builder job not found' for an unknown job and for another tenant's job", async () => {
    const { app } = harness;
    const started = await app.inject({
      method: 'POST',
      url: `/api/subaccounts/${owner.subaccountId}/agents/from-idea`,
      headers: { cookie: owner.cookie },
      payload: { idea: 'A gym assistant' },
    });
    for (const [cookie, jobId] of [
      [outsider.cookie, started.json().jobId],
      [owner.cookie, randomUUID()],
    ]) {
      const response = await app.inject({ method: 'GET', url: `/api/agent/jobs/${jobId}`, headers: { cookie } });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toMatchObject({ code: 'BUILDER_JOB_NOT_FOUND', message: 'Builder job not found' });
    }
    const empty = await app.inject({
      method: 'POST',
      url: `/api/subaccounts/${owner.subaccountId}/agents/from-idea`,
      headers: { cookie: owner.cookie },
      payload: { idea: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    await waitForJob(app, owner.cookie, started.json().jobId);
  });
});

describe('agents without an AI provider', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness.close());

  it('still builds an agent from an idea (offline draft) and answers from its instructions, saying no provider is configured', async () => {
    const { app } = harness;
    const owner = await signInWithWorkspace(app, 'offline@agents.test');
    const started = await app.inject({
      method: 'POST',
      url: `/api/subaccounts/${owner.subaccountId}/agents/from-idea`,
      headers: { cookie: owner.cookie },
      payload: {
        idea: 'A receptionist for Acme Dental that answers questions about opening hours: we are open Monday to Friday from 9 to 5.',
      },
    });
    const { job } = await waitForJob(app, owner.cookie, started.json().jobId);
    expect(job.status).toBe('succeeded');
    expect(job.result.data.aiName).toBe('Acme Dental Assistant');
    expect(job.result.data.instructions).toContain('Monday to Friday from 9 to 5');

    const chat = await app.inject({
      method: 'POST',
      url: '/api/openai/run-prompt',
      headers: { cookie: owner.cookie },
      payload: { assistantId: started.json().buildId, message: 'What are your opening hours on Friday?' },
    });
    expect(chat.statusCode).toBe(200);
    expect(chat.json().message).toContain('Monday to Friday from 9 to 5');
    expect(chat.json().message).toContain(OFFLINE_RESPONDER_NOTICE);
    expect(chat.json().message).toContain('OPENAI_API_KEY');
  });
});
