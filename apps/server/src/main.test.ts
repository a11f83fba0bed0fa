import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The real server process (src/main.ts under tsx) on the embedded defaults, reached over TCP.
 * NODE_ENV=development, so Better Auth checks Origin headers as it does for users (it skips
 * them under NODE_ENV=test, which is why this cannot be an in-process test). Starting it takes
 * a while (tsx, then migrations on a fresh PGlite), so there is only one.
 */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
const mainFile = path.join(repoRoot, 'apps/server/src/main.ts');

/** The first non-loopback IPv4 address of this machine, if it has one. */
const networkAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

type RunningServer = { port: number; close: () => Promise<void> };

async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await findFreePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-main-'));
  // Only what the server needs: never the test run's DATABASE_URL / REDIS_URL.
  const child: ChildProcess = spawn(tsx, [mainFile], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return { port, close };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await close();
  throw new Error(`server did not start within 300 s: ${stderr}`);
}

const signInFrom = (port: number, origin: string) =>
  fetch(`http://127.0.0.1:${port}/api/auth/sign-in/magic-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'someone@agency.test', callbackURL: '/agents/create' }),
  });

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({});
}, 320_000);
afterAll(() => server?.close());

describe('npm start on the default settings', () => {
  it('serves the dev mailbox on loopback', async () => {
    const reply = await fetch(`http://127.0.0.1:${server.port}/api/dev/mailbox`);
    expect(reply.status).toBe(200);
  });

  it.skipIf(!networkAddress)('listens on 127.0.0.1 only: the network address of this machine is refused', async () => {
    await expect(fetch(`http://${networkAddress}:${server.port}/api/dev/mailbox`)).rejects.toMatchObject({
      cause: { code: 'ECONNREFUSED' },
    });
  });

  it('accepts sign-in from a browser on http://localhost:PORT and on http://127.0.0.1:PORT', async () => {
    for (const origin of [`http://localhost:${server.port}`, `http://127.0.0.1:${server.port}`]) {
      const reply = await signInFrom(server.port, origin);
      expect(reply.status, `${origin}: ${await reply.clone().text()}`).toBe(200);
    }
  });

  it('refuses sign-in from another origin', async () => {
    const reply = await signInFrom(server.port, 'http://evil.example');
    expect(reply.status).toBe(403);
  });
});
