// Shared by the benchmarks: start the built server, wait for it, and sign in through the dev mailbox.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Waits until `baseUrl` answers /api/health, at most `timeoutMs`. With `server` (its child process)
 * it fails as soon as that process has exited, rather than waiting out the timeout.
 */
export async function waitForHealth(baseUrl, { timeoutMs = 60_000, server } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server && (server.exitCode !== null || server.signalCode !== null))
      throw new Error(`server exited (${server.exitCode ?? server.signalCode}) before it answered`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start');
}

/** Ends a child process (SIGTERM) and waits for its exit; at once when it has already exited. */
export async function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Magic link -> dev mailbox -> follow the link; answers the session cookie header. */
export async function signIn(baseUrl, email, callbackURL = '/agents') {
  const start = await fetch(`${baseUrl}/api/auth/sign-in/magic-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, callbackURL }),
  });
  if (!start.ok) throw new Error(`magic link request failed: ${start.status} ${await start.text()}`);
  let link;
  for (let attempt = 0; attempt < 50 && !link; attempt += 1) {
    // Better Auth may send the e-mail in the background: poll the mailbox briefly.
    const mailbox = await (await fetch(`${baseUrl}/api/dev/mailbox?email=${encodeURIComponent(email)}`)).json();
    if (mailbox.messages[0]?.link) link = new URL(mailbox.messages[0].link);
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!link) throw new Error('no sign-in link arrived');
  const response = await fetch(`${baseUrl}${link.pathname}${link.search}`, { redirect: 'manual' });
  return response.headers
    .getSetCookie()
    .map((entry) => entry.split(';')[0])
    .join('; ');
}

/** A JSON client for the API as a signed-in user (cookie from signIn); throws on non-2xx. */
export function apiClient(baseUrl, cookie) {
  return async function api(method, url, body) {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { cookie, origin: baseUrl, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.json();
  };
}

/** A loopback port nobody listens on right now, from the system. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The signed-in user's first sub account with a provider key (`sk-bench`, for the fake provider) and
 * an agent on OpenAI's gpt-4o-mini: what every bench that chats starts from.
 */
export async function createBenchAgent(api) {
  const subaccountId = (await api('GET', '/api/me')).subaccounts[0].id;
  await api('POST', `/api/subaccounts/${subaccountId}/provider-keys`, { provider: 'openai', apiKey: 'sk-bench' });
  const agent = await api('POST', `/api/subaccounts/${subaccountId}/agents`, {
    aiName: 'Bench',
    provider: 'openai',
    model: 'gpt-4o-mini',
    instructions: 'You are a benchmark agent.',
  });
  return { subaccountId, agent };
}

/**
 * A website widget of the sub account, answering with the agent, deployed. Its daily limit (200 by
 * default) would cut a benchmark off: it is raised to the maximum.
 */
export async function createBenchWidget(api, { subaccountId, agent }) {
  const created = await api('POST', `/api/subaccounts/${subaccountId}/connections`, { type: 'website-widget' });
  const connection = created.connection ?? created;
  await api('PUT', `/api/connections/${connection.connectionId}/update-build`, { buildId: agent.buildId });
  await api('PUT', `/api/connections/${connection.connectionId}`, {
    settings: { ...connection.settings, dailyLimit: 100_000 },
    deploy: true,
  });
  return connection;
}

/**
 * The built server (`entry`) in production mode on a free loopback port with a fresh data
 * directory (named from `dataDirPrefix`): on `databaseUrl` when given (PGlite otherwise), its OpenAI
 * base URL on `fakeUrl` when given. `env` adds variables (an undefined one is removed), `nodeArgs`
 * Node flags. `stop()` ends it (if it still runs) and removes the data directory.
 */
export async function startServerProcess({ entry, fakeUrl, databaseUrl, dataDirPrefix, env = {}, nodeArgs = [] }) {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), dataDirPrefix));
  const merged = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    ...(fakeUrl ? { OPENAI_BASE_URL: fakeUrl } : {}),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  };
  const server = spawn(process.execPath, [...nodeArgs, entry], {
    env: Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  async function stop() {
    await stopProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { server, baseUrl, stop };
}
