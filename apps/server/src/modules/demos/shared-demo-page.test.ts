import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Demo } from '@agentry/core/demos';
import { createTestApp } from '../../test/create-test-app';
import { createTestAgent, signInWithWorkspace } from '../../test/agent-fixtures';
import { grantTestPlan } from '../../test/grant-test-plan';
import { eq } from 'drizzle-orm';
import { demo as demoTable } from './demos.tables';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="AI prompt software for AI automation agencies." />
    <title>Agentry — AI agents for agencies</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/index.js"></script></body>
</html>`;
/** The shared demo's own page (the web build's demo.html): what /shared/:demoId serves when the build has it. */
const DEMO_HTML = INDEX_HTML.replace('/assets/index.js', '/assets/demo.js');

function metaContent(html: string, attribute: 'property' | 'name', key: string): string | undefined {
  const match = new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html);
  return match?.[1];
}

/** The demo the page carries (`#shared-demo-data`), parsed. */
function sentDemo(html: string): unknown {
  const match = /<script id="shared-demo-data" type="application\/json">([^<]*)<\/script>/.exec(html);
  return match ? JSON.parse(match[1] ?? '') : undefined;
}

describe('shared demo page: Open Graph tags and the demo', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let webDir: string;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;
  let agentId: string;

  beforeAll(async () => {
    webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'agentry-web-'));
    await fs.writeFile(path.join(webDir, 'index.html'), INDEX_HTML);
    await fs.writeFile(path.join(webDir, 'demo.html'), DEMO_HTML);
    harness = await createTestApp({ WEB_DIST_DIR: webDir, DEMO_RATE_LIMIT_PER_MINUTE: '1000' });
    owner = await signInWithWorkspace(harness.app, 'owner@og.test');
    agentId = (await createTestAgent(harness.app, owner, { aiName: 'Dental Bot' })).buildId;
  });
  afterAll(async () => {
    await harness.close();
    await fs.rm(webDir, { recursive: true, force: true });
  });

  async function createDemo(body: Record<string, unknown>) {
    const response = await harness.app.inject({
      method: 'POST',
      url: `/api/subaccounts/${owner.subaccountId}/demos`,
      headers: { cookie: owner.cookie },
      payload: { type: 'standard', buildId: agentId, ...body },
    });
    expect(response.statusCode).toBe(201);
    return response.json<Demo>();
  }

  it('puts the title, description, logo and card type into the served demo.html', async () => {
    const created = await createDemo({
      name: 'Smile Dental',
      logoUrl: 'https://cdn.example.com/smile.png',
      settings: { assistantName: 'Molly' },
    });
    const response = await harness.app.inject({ method: 'GET', url: `/shared/${created.demoId}?embed=true` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<title>Smile Dental</title>');
    expect(html).not.toContain('Agentry — AI agents for agencies');
    expect(metaContent(html, 'property', 'og:title')).toBe('Smile Dental');
    expect(metaContent(html, 'property', 'og:description')).toBe(
      'Chat with Molly in this live demo built with Agentry.',
    );
    expect(metaContent(html, 'property', 'og:image')).toBe('https://cdn.example.com/smile.png');
    expect(metaContent(html, 'property', 'og:url')).toBe(`http://localhost:3000/shared/${created.demoId}`);
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary');
    expect(metaContent(html, 'name', 'description')).toBe('Chat with Molly in this live demo built with Agentry.');
    // The demo's own page, its script untouched.
    expect(html).toContain('<div id="root"></div><script type="module" src="/assets/demo.js"></script>');
  });

  it('carries the demo exactly as the API answers it, so the page needs no request for it', async () => {
    const created = await createDemo({ name: 'Carried', settings: { assistantName: 'Cara' } });
    const html = (await harness.app.inject({ method: 'GET', url: `/shared/${created.demoId}` })).body;
    const fromApi = await harness.app.inject({ method: 'GET', url: `/api/shared-demos/${created.demoId}` });
    expect(fromApi.statusCode).toBe(200);
    expect(sentDemo(html)).toEqual(fromApi.json());
    // Nothing of the owner's side: the public answer only.
    expect(html).not.toContain(owner.subaccountId);
  });

  it('escapes everything a creator typed', async () => {
    const created = await createDemo({
      name: '"><script>alert(1)</script> & Co',
      settings: { assistantName: "O'Brien <b>" },
    });
    const html = (await harness.app.inject({ method: 'GET', url: `/shared/${created.demoId}` })).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    // The carried demo holds the name as typed, and no `<` that could end its element.
    expect(sentDemo(html)).toMatchObject({ name: '"><script>alert(1)</script> & Co' });
    expect(html).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co</title>');
    expect(metaContent(html, 'property', 'og:description')).toBe(
      'Chat with O&#39;Brien &lt;b&gt; in this live demo built with Agentry.',
    );
    expect(metaContent(html, 'property', 'og:image')).toBeUndefined();
  });

  it('leaves the product name out of a whitelabel demo card and uses its custom title', async () => {
    await grantTestPlan(harness.app.platform.database.db, owner.userId, 'scale_10000_month');
    const created = await createDemo({
      name: 'Internal name',
      settings: { hideBranding: true, assistantName: 'Ava', backgroundSettings: { customTitle: 'ACME Concierge' } },
    });
    const html = (await harness.app.inject({ method: 'GET', url: `/shared/${created.demoId}` })).body;
    expect(metaContent(html, 'property', 'og:title')).toBe('ACME Concierge');
    expect(metaContent(html, 'property', 'og:description')).toBe('Chat with Ava in this live demo.');
  });

  it('still serves the page, as built, when a stored demo no longer fits its schema', async () => {
    const created = await createDemo({ name: 'Out of range' });
    const db = harness.app.platform.database.db;
    const [row] = await db.select().from(demoTable).where(eq(demoTable.id, created.demoId));
    if (!row) throw new Error('the demo row is missing');
    await db
      .update(demoTable)
      .set({
        settings: { ...row.settings, backgroundSettings: { ...row.settings.backgroundSettings, titleSize: 100_000 } },
      })
      .where(eq(demoTable.id, created.demoId));
    const response = await harness.app.inject({ method: 'GET', url: `/shared/${created.demoId}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(DEMO_HTML);
  });

  it('serves the plain demo.html for an unknown demo (it asks the API and shows "not found")', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/shared/demo_unknown' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(DEMO_HTML);
  });

  it('serves the app (index.html) with the card where a build has no demo.html', async () => {
    const olderDir = await fs.mkdtemp(path.join(os.tmpdir(), 'agentry-web-'));
    await fs.writeFile(path.join(olderDir, 'index.html'), INDEX_HTML);
    // An app whose web build predates demo.html.
    const older = await createTestApp({ WEB_DIST_DIR: olderDir, DEMO_RATE_LIMIT_PER_MINUTE: '1000' });
    try {
      const creator = await signInWithWorkspace(older.app, 'owner@older.test');
      const buildId = (await createTestAgent(older.app, creator, { aiName: 'Older Bot' })).buildId;
      const created = await older.app.inject({
        method: 'POST',
        url: `/api/subaccounts/${creator.subaccountId}/demos`,
        headers: { cookie: creator.cookie },
        payload: { type: 'standard', buildId, name: 'Older build' },
      });
      expect(created.statusCode).toBe(201);
      const html = (await older.app.inject({ method: 'GET', url: `/shared/${created.json<Demo>().demoId}` })).body;
      expect(metaContent(html, 'property', 'og:title')).toBe('Older build');
      expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
    } finally {
      await older.close();
      await fs.rm(olderDir, { recursive: true, force: true });
    }
  });
});
