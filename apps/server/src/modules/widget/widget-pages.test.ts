import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_PAGE_CONFIG_ELEMENT_ID, WidgetLoaderConfig, WidgetPageConfig } from '@agentry/core/widget';
import { createTestApp } from '../../test/create-test-app';
import { createTestAgent, signInWithWorkspace } from '../../test/agent-fixtures';
import { grantTestPlan } from '../../test/grant-test-plan';
import { TEST_WIDGET_ASSETS, createTestWidget, createTestWidgetDist } from '../../test/widget-fixtures';

describe('widget runtime pages: iframe page, loader scripts, assets', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let dist: ReturnType<typeof createTestWidgetDist>;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;

  beforeAll(async () => {
    dist = createTestWidgetDist();
    harness = await createTestApp({ WIDGET_DIST_DIR: dist.dir });
    owner = await signInWithWorkspace(harness.app, 'owner@pages.test');
    await grantTestPlan(harness.app.platform.database.db, owner.userId);
  });
  afterAll(async () => {
    await harness.close();
    dist.remove();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    harness.app.inject({ method: 'GET', url, headers });
  const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1];
  const pageConfig = (html: string) => {
    const match = new RegExp(
      `<script id="${WIDGET_PAGE_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`,
      's',
    ).exec(html);
    return WidgetPageConfig.parse(JSON.parse(match?.[1] ?? 'null'));
  };

  it('serves the iframe page with the deployed settings, the built assets and frame-ancestors * when every site may embed it', async () => {
    const agent = await createTestAgent(harness.app, owner, { aiName: 'Page Bot' });
    const widget = await createTestWidget(harness.app, owner, {
      agentId: agent.buildId,
      settings: { widgetTitle: 'Help </script><script>alert(1)</script>' },
    });
    const response = await get(`/widget/${widget.widgetId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['x-frame-options']).toBeUndefined();
    const csp = String(response.headers['content-security-policy']);
    expect(frameAncestors(csp)).toBe('*');
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    const html = response.body;
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain(`<link rel="stylesheet" href="/widget-assets/${TEST_WIDGET_ASSETS.css}">`);
    expect(html).toContain(`<script type="module" src="/widget-assets/${TEST_WIDGET_ASSETS.js}"></script>`);
    expect(html).toContain('<div id="root"></div>');
    // The title cannot close the configuration script: '<' is escaped inside it.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    const config = pageConfig(html);
    expect(config).toMatchObject({
      widgetId: widget.widgetId,
      apiBase: '',
      hasBuild: true,
      widgetTitle: 'Help </script><script>alert(1)</script>',
    });
    expect(config).not.toHaveProperty('dailyLimit');
    expect(config).not.toHaveProperty('allowedDomains');
  });

  it('lists only ourselves and the allowed domains in frame-ancestors, and lays Arabic out right to left', async () => {
    const widget = await createTestWidget(harness.app, owner, {
      settings: { allowedDomains: ['shop.example', '*.brand.example', 'localhost:5500'], language: 'ar' },
    });
    const response = await get(`/widget/${widget.widgetId}`);
    expect(frameAncestors(response.headers['content-security-policy'])).toBe(
      "'self' https://shop.example http://shop.example https://*.shop.example http://*.shop.example https://*.brand.example http://*.brand.example https://localhost:5500 http://localhost:5500 https://*.localhost:5500 http://*.localhost:5500",
    );
    expect(response.body).toContain('<html lang="ar" dir="rtl">');
  });

  it('answers a small 404 page for an unknown widget, and 503 while the widget is not built', async () => {
    const missing = await get('/widget/wgt_missing');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/html');
    expect(missing.body).toContain('This chat widget does not exist.');

    const widget = await createTestWidget(harness.app, owner);
    const manifest = path.join(dist.dir, 'manifest.json');
    fs.renameSync(manifest, `${manifest}.away`);
    try {
      const unbuilt = await get(`/widget/${widget.widgetId}`);
      expect(unbuilt.statusCode).toBe(503);
      expect(unbuilt.body).toContain('The chat widget is not built on this server yet');
    } finally {
      fs.renameSync(`${manifest}.away`, manifest);
    }
    expect((await get(`/widget/${widget.widgetId}`)).statusCode).toBe(200);
  });

  it('bakes the deployed settings into the loader in place of the placeholder, with the professional template for widget-professional.js', async () => {
    const widget = await createTestWidget(harness.app, owner, {
      settings: {
        template: 'legacy',
        placement: 'top-left',
        width: 420,
        themeColor: '#2563eb',
        chatBubble: { enabled: true, message: 'Need help? $& $1', delaySeconds: 3 },
      },
    });
    const baked = (body: string) => {
      expect(body).not.toContain('__AGENTRY_WIDGET_CONFIG__');
      const json = /var c=(\{.*\});window/.exec(body)?.[1];
      return WidgetLoaderConfig.parse(JSON.parse(json ?? 'null'));
    };
    const legacy = await get(`/widget/${widget.widgetId}/widget.js`);
    expect(legacy.statusCode).toBe(200);
    expect(legacy.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(legacy.headers['cache-control']).toBe('public, max-age=60');
    expect(baked(legacy.body)).toEqual({
      widgetId: widget.widgetId,
      origin: 'http://localhost:3000',
      template: 'legacy',
      placement: 'top-left',
      minimizedSizePixels: 64,
      bubbleAtOnce: false,
      allowedHosts: '',
    });

    const professional = await get(`/widget/${widget.widgetId}/widget-professional.js?widgetId=${widget.widgetId}`);
    expect(baked(professional.body).template).toBe('professional');
    const mismatch = await get(`/widget/${widget.widgetId}/widget-professional.js?widgetId=wgt_other`);
    expect(mismatch.statusCode).toBe(400);

    const etag = String(legacy.headers.etag);
    expect((await get(`/widget/${widget.widgetId}/widget.js`, { 'if-none-match': etag })).statusCode).toBe(304);

    const unknown = await get('/widget/wgt_missing/widget.js');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(unknown.body).toMatch(/^\/\*.*404.*\*\/\n$/);
  });

  it('serves the hashed assets for a year, brotli or gzip when the client accepts them', async () => {
    const url = `/widget-assets/${TEST_WIDGET_ASSETS.js}`;
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toContain('javascript');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-encoding']).toBeUndefined();

    const brotli = await harness.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await harness.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('accept-encoding');

    const missing = await get('/widget-assets/app-nothere.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('ROUTE_NOT_FOUND');
    expect((await get('/widget-assets/../manifest.json')).statusCode).toBe(404);
  });
});
