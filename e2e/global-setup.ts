import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  // Declaration merging is the reason for an interface here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = path.resolve(import.meta.dirname, '..');

/**
 * Starts the built server (`npm run build` first) exactly as `npm start` runs it: production
 * mode, embedded defaults, a throw-away data folder.
 */
export default async function setup(project: TestProject) {
  const serverEntry = path.join(root, 'apps/server/dist/main.js');
  if (!fs.existsSync(serverEntry) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Build the product first: npm run build');
  }
  const port = 4300 + Math.floor(Math.random() * 500);
  const baseUrl = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-e2e-'));
  const logPath = path.join(root, 'e2e/.artifacts/server.log');
  fs.mkdirSync(path.dirname(logPath), { recursive: true });
  const log = fs.openSync(logPath, 'w');
  const server: ChildProcess = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'info',
      // Provider keys are stored encrypted; without a key the server refuses to save them.
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      // Every browser test signs in from 127.0.0.1: the whole suite sends more sign-in e-mails in
      // 15 minutes, and looks up more addresses in a minute, than one visitor may (the per-IP
      // limits themselves are covered by the server's tests).
      SIGN_IN_RATE_LIMIT_PER_IP: '100000',
      SIGN_IN_LOOKUP_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', log, log],
  });
  await waitForHealth(baseUrl, server);
  project.provide('baseUrl', baseUrl);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

async function waitForHealth(baseUrl: string, server: ChildProcess) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`server exited with ${server.exitCode}; see e2e/.artifacts/server.log`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not become healthy within 300 s (a loaded machine starts slowly)');
}
