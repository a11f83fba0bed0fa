import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Agent } from '@agentry/core/agents';
import type { ListAgentVersionsReply } from '@agentry/core/agent-versions';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createTestAgent, signInWithWorkspace } from '../../test/agent-fixtures';
import { grantTestPlan } from '../../test/grant-test-plan';
import type { JobQueue } from '../../platform/queue/job-queue';
import { agent, agentJob } from './agents.tables';
import { createAgentFromIdea } from './create-agent-from-idea';
import { runAgentBuildJob } from './run-agent-build-job';
import { sweepAgentBuilds } from './sweep-agent-builds';

async function waitForJob(app: TestApp, cookie: string, jobId: string) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const response = await app.inject({ method: 'GET', url: `/api/agent/jobs/${jobId}`, headers: { cookie } });
    const job = response.json<{ status: string }>();
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${jobId} did not finish`);
}

/** Agent builds without a provider (the offline draft): what is left when a step fails, or a job is lost. */
describe('agent builds that fail or get lost', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let app: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
    app = harness.app;
  });
  afterAll(() => harness.close());

  const db = () => app.platform.database.db;
  /** A queue that loses every job, like the in-process queue of an instance that restarted. */
  const losingQueue = (): JobQueue => ({ ...app.platform.queue, enqueue: () => Promise.resolve('lost') });
  const agentsOf = (subaccountId: string) =>
    db().select({ id: agent.id }).from(agent).where(eq(agent.subaccountId, subaccountId));

  /** Makes every insert into `table` fail while `run` runs. */
  async function failingInsertsInto<T>(table: 'agent_job' | 'agent_version', run: () => Promise<T>): Promise<T> {
    await db().execute(
      sql.raw(
        `create function refuse_${table}() returns trigger language plpgsql as $$ begin raise exception '${table} refused'; end $$`,
      ),
    );
    await db().execute(
      sql.raw(
        `create trigger refuse_${table} before insert on ${table} for each row execute function refuse_${table}()`,
      ),
    );
    try {
      return await run();
    } finally {
      await db().execute(sql.raw(`drop trigger refuse_${table} on ${table}`));
      await db().execute(sql.raw(`drop function refuse_${table}()`));
    }
  }

  it('leaves no agent behind when its job cannot be stored, so the free plan can try again', async () => {
    const user = await signInWithWorkspace(app, 'job-insert@recovery.test');
    const fromIdea = () =>
      app.inject({
        method: 'POST',
        url: `/api/subaccounts/${user.subaccountId}/agents/from-idea`,
        headers: { cookie: user.cookie },
        payload: { idea: 'A receptionist for Acme Dental' },
      });
    const failed = await failingInsertsInto('agent_job', fromIdea);
    expect(failed.statusCode).toBe(500);
    expect(await agentsOf(user.subaccountId)).toEqual([]);

    // The free plan's one agent is still free.
    const retried = await fromIdea();
    expect(retried.statusCode).toBe(202);
    expect(await waitForJob(app, user.cookie, retried.json<{ jobId: string }>().jobId)).toMatchObject({
      status: 'succeeded',
    });
  });

  it('writes an agent and its first version together on a plan without an agent limit', async () => {
    const user = await signInWithWorkspace(app, 'no-limit@recovery.test');
    await grantTestPlan(db(), user.userId);
    const failed = await failingInsertsInto('agent_version', () =>
      app.inject({
        method: 'POST',
        url: `/api/subaccounts/${user.subaccountId}/agents`,
        headers: { cookie: user.cookie },
        payload: { aiName: 'Half written' },
      }),
    );
    expect(failed.statusCode).toBe(500);
    expect(await agentsOf(user.subaccountId)).toEqual([]);
  });

  it('refuses edits while the agent is being built (409), and a late build never overwrites a later save', async () => {
    const user = await signInWithWorkspace(app, 'creating-edit@recovery.test');
    const started = await createAgentFromIdea({
      db: db(),
      config: app.platform.config,
      queue: losingQueue(),
      subaccountId: user.subaccountId,
      userId: user.userId,
      idea: 'A receptionist for Acme Dental',
    });
    const agentUrl = `/api/subaccounts/${user.subaccountId}/agents/${started.buildId}`;
    const patch = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PATCH', url: agentUrl, headers: { cookie: user.cookie }, payload });

    const refused = await patch({ instructions: 'Mine.' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'This agent is still being created from your idea. Save your changes once it is ready.',
    });
    const history = await app.inject({ method: 'GET', url: `${agentUrl}/versions`, headers: { cookie: user.cookie } });
    const firstId = history.json<ListAgentVersionsReply>().versions[0]?.id ?? '';
    const restore = await app.inject({
      method: 'POST',
      url: `${agentUrl}/versions/${firstId}/restore`,
      headers: { cookie: user.cookie },
      payload: {},
    });
    expect(restore.statusCode).toBe(409);

    // The build was given up (the agent failed), the user saved their own configuration, then the old job ran after all.
    await db().update(agent).set({ status: 'failed' }).where(eq(agent.id, started.buildId));
    const saved = await patch({ instructions: 'Mine.' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Agent>().status).toBe('ready');
    await runAgentBuildJob({ db: db(), config: app.platform.config, logger: app.log, jobId: started.jobId });
    const after = (await app.inject({ method: 'GET', url: agentUrl, headers: { cookie: user.cookie } })).json<Agent>();
    expect(after).toMatchObject({ instructions: 'Mine.', status: 'ready' });
    const [job] = await db().select().from(agentJob).where(eq(agentJob.id, started.jobId));
    expect(job?.status).toBe('failed');
  });

  it('queues a lost build again, gives up on builds past their time, and leaves no agent creating', async () => {
    const user = await signInWithWorkspace(app, 'sweep@recovery.test');
    await grantTestPlan(db(), user.userId);
    const start = (idea: string) =>
      createAgentFromIdea({
        db: db(),
        config: app.platform.config,
        queue: losingQueue(),
        subaccountId: user.subaccountId,
        userId: user.userId,
        idea,
      });
    const sweep = () => sweepAgentBuilds({ db: db(), queue: app.platform.queue, now: new Date() });
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const lost = await start('A receptionist for Acme Dental');
    const died = await start('A helper for Bright Solar');
    const forgotten = await start('A helper for Sunny Bakery');
    // Just queued: not lost yet.
    expect(await sweep()).toEqual({ requeued: 0, failed: 0 });

    await db()
      .update(agentJob)
      .set({ updatedAt: minutesAgo(6) })
      .where(eq(agentJob.id, lost.jobId));
    // A worker took this one and died with its instance; this one was never taken.
    await db()
      .update(agentJob)
      .set({ status: 'running', updatedAt: minutesAgo(20) })
      .where(eq(agentJob.id, died.jobId));
    // Waiting behind a long backlog for twenty minutes: queued again, never given up.
    await db()
      .update(agentJob)
      .set({ updatedAt: minutesAgo(20) })
      .where(eq(agentJob.id, forgotten.jobId));
    // Queued for three hours: the queue or its worker is gone, so it is given up.
    const abandoned = await start('A helper for Quiet Florist');
    await db()
      .update(agentJob)
      .set({ createdAt: minutesAgo(180), updatedAt: minutesAgo(6) })
      .where(eq(agentJob.id, abandoned.jobId));
    // An agent left creating without a job (before agent and job were written together).
    const orphan = await createTestAgent(app, user, { aiName: 'Orphan' });
    await db().update(agent).set({ status: 'creating' }).where(eq(agent.id, orphan.buildId));

    expect(await sweep()).toEqual({ requeued: 2, failed: 3 });
    const statusOf = async (agentId: string) =>
      (await db().select({ status: agent.status }).from(agent).where(eq(agent.id, agentId)))[0]?.status;
    for (const requeued of [lost, forgotten]) {
      expect(await waitForJob(app, user.cookie, requeued.jobId)).toMatchObject({ status: 'succeeded' });
      expect(await statusOf(requeued.buildId)).toBe('ready');
    }
    for (const given of [died, abandoned]) {
      const job = await app.inject({
        method: 'GET',
        url: `/api/agent/jobs/${given.jobId}`,
        headers: { cookie: user.cookie },
      });
      expect(job.json()).toEqual({ status: 'failed', error: 'Builder job timed out' });
      expect(await statusOf(given.buildId)).toBe('failed');
    }
    expect(await statusOf(orphan.buildId)).toBe('failed');
    // Nothing is left to sweep.
    expect(await sweep()).toEqual({ requeued: 0, failed: 0 });
  });
});
