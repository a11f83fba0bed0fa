import { execFile, execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createTestApp, createTestDatabase } from '../../test/create-test-app';
import { startFakeStripeServer } from '../../test/fake-stripe-server';
import { isLoopbackAddress } from './is-loopback';

const REMOTE = '203.0.113.7';

/** This machine's first non-loopback IPv4 address: connections to it arrive with it as the peer, like a network client. */
const networkAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

describe('isLoopbackAddress', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '127.255.255.255',
    '::1',
    '::ffff:127.0.0.1',
    '::FFFF:127.9.9.9',
    '0:0:0:0:0:0:0:1',
  ])('%s is loopback', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });
  it.each([
    undefined,
    '',
    '0.0.0.0',
    '10.0.0.1',
    '192.168.1.20',
    '128.0.0.1',
    '1127.0.0.1',
    '127.0.0.1.evil',
    '::ffff:10.0.0.1',
    '::',
    'fe80::1',
    'localhost',
    ' 127.0.0.1',
  ])('%s is not loopback', (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
});

describe('developer tools answer loopback callers only', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    // What `npm start` does on the embedded defaults, with the interface opened explicitly.
    harness = await createTestApp({ HOST: '0.0.0.0', AUTH_SECRET: 'a'.repeat(32) });
  });
  afterAll(() => harness.close());

  it('serves the dev mailbox to a client on this machine (IPv4 and IPv6)', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const reply = await harness.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toHaveProperty('messages');
    }
  });

  it('refuses the dev mailbox to a remote client, whatever the forwarding headers say', async () => {
    await harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      payload: { email: 'victim@agency.test', callbackURL: '/agents' },
    });
    for (const headers of [
      {},
      { 'x-forwarded-for': '127.0.0.1' },
      { 'x-real-ip': '127.0.0.1', forwarded: 'for=127.0.0.1', host: 'localhost:3000' },
    ]) {
      const reply = await harness.app.inject({
        method: 'GET',
        url: '/api/dev/mailbox?email=victim%40agency.test',
        remoteAddress: REMOTE,
        headers,
      });
      expect(reply.statusCode).toBe(403);
      expect(reply.json().error).toMatchObject({
        code: 'LOOPBACK_ONLY',
        message: 'This developer tool only answers requests from the computer the server runs on.',
      });
      expect(reply.body).not.toContain('victim');
    }
  });

  it('refuses what a tunnel or proxy on this machine relays, and a page whose name was rebound to this machine', async () => {
    for (const headers of [
      // ngrok, cloudflared, a local nginx: the socket is local, the caller is not.
      { 'x-forwarded-for': REMOTE },
      { forwarded: `for=${REMOTE}` },
      { 'x-real-ip': REMOTE },
      { 'cf-connecting-ip': REMOTE },
      // DNS rebinding: a page of another site, its name now pointing at this machine.
      { host: 'rebind.attacker.example:3000' },
      { host: '127.0.0.1.attacker.example' },
    ]) {
      const reply = await harness.app.inject({
        method: 'GET',
        url: '/api/dev/mailbox',
        remoteAddress: '127.0.0.1',
        headers,
      });
      expect(reply.statusCode, JSON.stringify(headers)).toBe(403);
      expect(reply.json().error.code).toBe('LOOPBACK_ONLY');
    }
    for (const host of ['localhost:3000', '127.0.0.1:3000', '127.0.0.2', '[::1]:3000', 'localhost']) {
      const reply = await harness.app.inject({
        method: 'GET',
        url: '/api/dev/mailbox',
        remoteAddress: '127.0.0.1',
        headers: { host },
      });
      expect(reply.statusCode, host).toBe(200);
    }
  });

  it('refuses the test clock to a remote client and leaves the clock alone', async () => {
    const refused = await harness.app.inject({
      method: 'POST',
      url: '/api/billing/local/advance-clock',
      payload: { days: 30 },
      remoteAddress: REMOTE,
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('LOOPBACK_ONLY');
    const local = await harness.app.inject({
      method: 'POST',
      url: '/api/billing/local/advance-clock',
      payload: { days: 1 },
      remoteAddress: '127.0.0.1',
    });
    expect(local.statusCode).toBe(200);
    // The refused 30 days were never added.
    expect(local.json().offsetDays).toBe(1);
  });
});

describe('with TRUST_PROXY=true', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    harness = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => harness.close());

  it('still judges the socket address, not X-Forwarded-For', async () => {
    const spoofed = await harness.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      remoteAddress: REMOTE,
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(spoofed.statusCode).toBe(403);
    const clock = await harness.app.inject({
      method: 'POST',
      url: '/api/billing/local/advance-clock',
      payload: { days: 1 },
      remoteAddress: REMOTE,
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(clock.statusCode).toBe(403);
    // A loopback socket that carries a forwarding header relays someone else (a proxy or a tunnel).
    const relayed = await harness.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': REMOTE },
    });
    expect(relayed.statusCode).toBe(403);
  });
});

describe('the dev mailbox page of the web app', () => {
  it('is served to loopback callers and refused to remote ones', async () => {
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Agentry</title><div id="root"></div>');
    const { database, drop } = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
      WEB_DIST_DIR: webDir,
    });
    const app = await buildApp({ config, database, logger: false });
    try {
      const local = await app.inject({
        method: 'GET',
        url: '/dev/mailbox?email=a%40b.test',
        remoteAddress: '127.0.0.1',
      });
      expect(local.statusCode).toBe(200);
      expect(local.body).toContain('<div id="root">');
      const remote = await app.inject({ method: 'GET', url: '/dev/mailbox?email=a%40b.test', remoteAddress: REMOTE });
      expect(remote.statusCode).toBe(403);
      expect(remote.json().error.code).toBe('LOOPBACK_ONLY');
      // Other pages stay public.
      expect((await app.inject({ method: 'GET', url: '/pricing', remoteAddress: REMOTE })).statusCode).toBe(200);
    } finally {
      await app.close();
      await drop();
      fs.rmSync(webDir, { recursive: true, force: true });
    }
  });
});

describe('with a real payment provider', () => {
  it('never mounts the test clock, not even for loopback callers', async () => {
    const fake = await startFakeStripeServer({ webhookSecret: 'whsec_test', prices: [] });
    const harness = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_test',
      STRIPE_API_BASE: fake.url,
    });
    try {
      const reply = await harness.app.inject({
        method: 'POST',
        url: '/api/billing/local/advance-clock',
        payload: { days: 1 },
        remoteAddress: '127.0.0.1',
      });
      expect(reply.statusCode).toBe(404);
      expect(reply.json().error.code).toBe('ROUTE_NOT_FOUND');
    } finally {
      await harness.close();
      await fake.close();
    }
  });
});

describe.skipIf(!networkAddress)(`over TCP from this machine's network address (${networkAddress ?? 'none'})`, () => {
  async function listen(env: Record<string, string>) {
    const { database, drop } = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000', ...env });
    const app = await buildApp({ config, database, logger: false, serveWeb: false });
    // As main.ts does: the configured interface, here on a free port.
    await app.listen({ host: config.host, port: 0 });
    const { port } = app.server.address() as { port: number };
    return {
      config,
      port,
      close: async () => {
        await app.close();
        await drop();
      },
    };
  }

  it('the default settings listen on loopback only', async () => {
    const server = await listen({});
    try {
      expect(server.config.host).toBe('127.0.0.1');
      expect((await fetch(`http://127.0.0.1:${server.port}/api/dev/mailbox`)).status).toBe(200);
      await expect(fetch(`http://${networkAddress}:${server.port}/api/dev/mailbox`)).rejects.toMatchObject({
        cause: { code: 'ECONNREFUSED' },
      });
    } finally {
      await server.close();
    }
  });

  it('with HOST=0.0.0.0 and TRUST_PROXY=true a network client gets the product but neither developer tool', async () => {
    const server = await listen({ HOST: '0.0.0.0', TRUST_PROXY: 'true', AUTH_SECRET: 'a'.repeat(32) });
    const remote = `http://${networkAddress}:${server.port}`;
    try {
      expect((await fetch(`${remote}/api/health`)).status).toBe(200);
      for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }] as Record<string, string>[]) {
        const mailbox = await fetch(`${remote}/api/dev/mailbox`, { headers });
        expect(mailbox.status).toBe(403);
        expect(((await mailbox.json()) as { error: { code: string } }).error.code).toBe('LOOPBACK_ONLY');
        const clock = await fetch(`${remote}/api/billing/local/advance-clock`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ days: 30 }),
        });
        expect(clock.status).toBe(403);
      }
      expect((await fetch(`http://127.0.0.1:${server.port}/api/dev/mailbox`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

/**
 * A second host: a network namespace joined to this one by a veth pair, so the client really has
 * another address on another interface. Needs root and iproute2; otherwise these tests are skipped.
 */
function createNetworkNamespace():
  | {
      hostAddress: string;
      curl: (url: string, headers?: Record<string, string>) => Promise<{ exitCode: number; status: string }>;
      remove: () => void;
    }
  | string {
  const suffix = `${process.pid % 10_000}${randomInt(1000)}`;
  const namespace = `agentry-${suffix}`;
  const hostSide = `agh${suffix}`;
  const namespaceSide = `agn${suffix}`;
  const subnet = `10.${200 + randomInt(50)}.${randomInt(256)}`;
  const run = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' });
  const remove = () => {
    for (const args of [
      ['netns', 'del', namespace],
      ['link', 'del', hostSide],
    ]) {
      try {
        run(...args);
      } catch {
        // already gone
      }
    }
  };
  try {
    run('netns', 'add', namespace);
    run('link', 'add', hostSide, 'type', 'veth', 'peer', 'name', namespaceSide);
    run('link', 'set', namespaceSide, 'netns', namespace);
    run('addr', 'add', `${subnet}.1/30`, 'dev', hostSide);
    run('link', 'set', hostSide, 'up');
    run('netns', 'exec', namespace, 'ip', 'addr', 'add', `${subnet}.2/30`, 'dev', namespaceSide);
    run('netns', 'exec', namespace, 'ip', 'link', 'set', namespaceSide, 'up');
  } catch (error) {
    remove();
    return `network namespace unavailable (needs root and iproute2): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
  }
  // Asynchronous: the server answering these requests runs in this very process.
  const curl = (url: string, headers: Record<string, string> = {}) =>
    new Promise<{ exitCode: number; status: string }>((resolve) => {
      const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
      execFile(
        'ip',
        [
          'netns',
          'exec',
          namespace,
          'curl',
          '-s',
          '-m',
          '10',
          '-o',
          '/dev/null',
          '-w',
          '%{http_code}',
          ...headerArgs,
          url,
        ],
        (error, stdout) => {
          resolve({ exitCode: error && typeof error.code === 'number' ? error.code : 0, status: stdout.trim() });
        },
      );
    });
  return { hostAddress: `${subnet}.1`, curl, remove };
}

const canCreateNamespaces = process.getuid?.() === 0 && fs.existsSync('/usr/sbin/ip');

describe.skipIf(!canCreateNamespaces)(
  'from another host (a network namespace on a veth pair; skipped unless root with /usr/sbin/ip)',
  () => {
    let namespace: Exclude<ReturnType<typeof createNetworkNamespace>, string>;
    beforeAll(() => {
      const created = createNetworkNamespace();
      if (typeof created === 'string') throw new Error(created);
      namespace = created;
    });
    afterAll(() => namespace?.remove());

    async function listen(env: Record<string, string>) {
      const { database, drop } = await createTestDatabase();
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000', ...env });
      const app = await buildApp({ config, database, logger: false, serveWeb: false });
      await app.listen({ host: config.host, port: 0 });
      const { port } = app.server.address() as { port: number };
      return {
        port,
        close: async () => {
          await app.close();
          await drop();
        },
      };
    }

    it('cannot connect at all on the default settings', async () => {
      const server = await listen({});
      try {
        const reply = await namespace.curl(`http://${namespace.hostAddress}:${server.port}/api/dev/mailbox`);
        // curl exit code 7: connection refused.
        expect(reply).toEqual({ exitCode: 7, status: '000' });
      } finally {
        await server.close();
      }
    });

    it('with HOST=0.0.0.0 and TRUST_PROXY=true gets the product but not the dev mailbox (API and page)', async () => {
      const server = await listen({ HOST: '0.0.0.0', TRUST_PROXY: 'true', AUTH_SECRET: 'a'.repeat(32) });
      const base = `http://${namespace.hostAddress}:${server.port}`;
      try {
        expect((await namespace.curl(`${base}/api/health`)).status).toBe('200');
        expect((await namespace.curl(`${base}/api/dev/mailbox`)).status).toBe('403');
        expect((await namespace.curl(`${base}/api/dev/mailbox`, { 'x-forwarded-for': '127.0.0.1' })).status).toBe(
          '403',
        );
        expect((await namespace.curl(`${base}/dev/mailbox`)).status).toBe('403');
      } finally {
        await server.close();
      }
    });
  },
);
