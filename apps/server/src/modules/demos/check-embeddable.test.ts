import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Demo } from '@agentry/core/demos';
import { AppError } from '../../platform/http/app-error';
import { BLOCKED_ADDRESS_MESSAGE } from '../../platform/http/ssrf-guard';
import { createTestApp } from '../../test/create-test-app';
import { createTestAgent, signInWithWorkspace } from '../../test/agent-fixtures';
import { grantTestPlan } from '../../test/grant-test-plan';
import { checkEmbeddable } from './check-embeddable';

type Site = { url: string; port: number; hits: string[]; close: () => Promise<void> };

/** A local website whose pages answer with framing headers, redirects or silence. */
async function startSite(): Promise<Site> {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    hits.push(url.pathname);
    const page = (headers: Record<string, string>) => {
      response.writeHead(200, { 'content-type': 'text/html', ...headers });
      response.end('<html><body>' + 'x'.repeat(300_000) + '</body></html>');
    };
    switch (url.pathname) {
      case '/open':
        return page({});
      case '/deny':
        return page({ 'x-frame-options': 'DENY' });
      case '/sameorigin':
        return page({ 'x-frame-options': 'sameorigin' });
      case '/allow-from':
        return page({ 'x-frame-options': 'ALLOW-FROM https://partner.example' });
      case '/csp-none':
        return page({ 'content-security-policy': "default-src 'self'; frame-ancestors 'none'" });
      case '/csp-self':
        return page({ 'content-security-policy': "frame-ancestors 'self'" });
      case '/csp-ours':
        return page({
          'content-security-policy': 'frame-ancestors https://partner.example http://localhost:3000',
          'x-frame-options': 'DENY',
        });
      case '/csp-star':
        return page({ 'content-security-policy': 'frame-ancestors *', 'x-frame-options': 'SAMEORIGIN' });
      case '/csp-other':
        return page({ 'content-security-policy': 'frame-ancestors https://partner.example *.partner.example' });
      case '/csp-report-only':
        return page({ 'content-security-policy-report-only': "frame-ancestors 'none'" });
      case '/redirect': {
        response.writeHead(302, { location: url.searchParams.get('to') ?? '/open' });
        return response.end();
      }
      case '/chain': {
        const left = Number(url.searchParams.get('n') ?? '0');
        response.writeHead(302, { location: left > 0 ? `/chain?n=${left - 1}` : '/open' });
        return response.end();
      }
      case '/hang':
        return undefined;
      default:
        response.writeHead(404);
        return response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('check-embeddable', () => {
  let site: Site;
  let strict: Awaited<ReturnType<typeof createTestApp>>;
  let loopback: Awaited<ReturnType<typeof createTestApp>>;
  let strictOwner: Awaited<ReturnType<typeof signInWithWorkspace>>;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;

  beforeAll(async () => {
    site = await startSite();
    strict = await createTestApp({ DEMO_RATE_LIMIT_PER_MINUTE: '1000' });
    loopback = await createTestApp({ TEST_ALLOW_LOOPBACK_URLS: 'true', DEMO_RATE_LIMIT_PER_MINUTE: '1000' });
    strictOwner = await signInWithWorkspace(strict.app, 'strict@embed.test');
    owner = await signInWithWorkspace(loopback.app, 'owner@embed.test');
  });
  afterAll(async () => {
    await strict.close();
    await loopback.close();
    await site.close();
  });

  const check = (harness: typeof strict, payload: Record<string, unknown>, cookie?: string) =>
    harness.app.inject({ method: 'POST', url: '/api/check-embeddable', payload, headers: cookie ? { cookie } : {} });

  it.each([
    'http://127.0.0.1/',
    'http://10.0.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://localhost/',
    'http://[::ffff:10.0.0.1]/',
  ])('refuses %s with 400', async (url) => {
    const response = await check(strict, { url }, strictOwner.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(BLOCKED_ADDRESS_MESSAGE);
  });

  it('refuses other schemes', async () => {
    const response = await check(strict, { url: 'file:///etc/passwd' }, strictOwner.cookie);
    expect(response.statusCode).toBe(400);
  });

  it('refuses the local site itself without the test-only flag', async () => {
    const before = site.hits.length;
    const response = await check(strict, { url: `${site.url}/open` }, strictOwner.cookie);
    expect(response.statusCode).toBe(400);
    expect(site.hits.length).toBe(before);
  });

  it.each([
    ['/open', true, undefined],
    ['/deny', false, 'X-Frame-Options: DENY'],
    ['/sameorigin', false, 'X-Frame-Options: SAMEORIGIN'],
    ['/allow-from', true, undefined],
    ['/csp-none', false, "Content-Security-Policy: frame-ancestors 'none'"],
    ['/csp-self', false, "Content-Security-Policy: frame-ancestors 'self'"],
    ['/csp-ours', true, undefined],
    ['/csp-star', true, undefined],
    ['/csp-other', false, 'Content-Security-Policy: frame-ancestors https://partner.example *.partner.example'],
    ['/csp-report-only', true, undefined],
    ['/chain?n=2', true, undefined],
  ])('decides %s from its headers: embeddable %s', async (path, embeddable, reason) => {
    const response = await check(loopback, { url: `${site.url}${path}` }, owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(reason ? { embeddable, reason } : { embeddable });
  });

  it('follows at most 3 redirects', async () => {
    const response = await check(loopback, { url: `${site.url}/chain?n=3` }, owner.cookie);
    expect(response.json()).toEqual({ embeddable: false, reason: 'The website redirects more than 3 times.' });
  });

  it.each(['http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data/', 'http://[fe80::1]/', 'http://192.168.1.1/'])(
    'refuses a redirect to %s',
    async (target) => {
      const response = await check(
        loopback,
        { url: `${site.url}/redirect?to=${encodeURIComponent(target)}` },
        owner.cookie,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(BLOCKED_ADDRESS_MESSAGE);
    },
  );

  it.each(['127.0.0.1', '[::1]'])('refuses a redirect to loopback %s (only the site port is allowed)', async (host) => {
    const target = `http://${host}:${site.port + 1}/`;
    const refusal = await checkEmbeddable({
      url: `${site.url}/redirect?to=${encodeURIComponent(target)}`,
      embedderOrigin: 'http://localhost:3000',
      guard: { allowLoopbackPorts: [site.port] },
    }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).message).toBe(BLOCKED_ADDRESS_MESSAGE);
    // The same page without the redirect passes under that allowance.
    await expect(
      checkEmbeddable({
        url: `${site.url}/open`,
        embedderOrigin: 'http://localhost:3000',
        guard: { allowLoopbackPorts: [site.port] },
      }),
    ).resolves.toEqual({ embeddable: true });
  });

  it('gives up after the time limit', async () => {
    // The site never answers: only the time limit can end the check.
    const result = await checkEmbeddable({
      url: `${site.url}/hang`,
      embedderOrigin: 'http://localhost:3000',
      guard: { allowLoopback: true },
      timeoutMs: 300,
    });
    expect(result).toEqual({ embeddable: false, reason: 'The website did not answer within 0.3 seconds.' });
  });

  it("lets anonymous visitors check only a demo's own background website", async () => {
    await grantTestPlan(loopback.app.platform.database.db, owner.userId, 'growth_3000_month');
    const agent = await createTestAgent(loopback.app, owner, { aiName: 'Embed bot' });
    const created = await loopback.app.inject({
      method: 'POST',
      url: `/api/subaccounts/${owner.subaccountId}/demos`,
      headers: { cookie: owner.cookie },
      payload: {
        name: 'Site demo',
        type: 'website',
        buildId: agent.buildId,
        settings: { backgroundUrl: `${site.url}/deny` },
      },
    });
    expect(created.statusCode).toBe(201);
    const { demoId } = created.json<Demo>();

    expect((await check(loopback, { demoId })).json()).toEqual({ embeddable: false, reason: 'X-Frame-Options: DENY' });
    expect((await check(loopback, { demoId, url: `${site.url}/deny` })).statusCode).toBe(200);
    const other = await check(loopback, { demoId, url: `${site.url}/open` });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe("Only the demo's own background website can be checked.");
    expect((await check(loopback, { url: `${site.url}/open` })).statusCode).toBe(401);
    expect((await check(loopback, { demoId: 'demo_nope' })).json().error.message).toBe(
      'Demo configuration not found. Please contact the demo creator.',
    );
  });
});
