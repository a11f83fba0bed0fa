// `npm run bench`: runs every benchmark under bench/ against the built server and prints a
// markdown table. Results go to docs/benchmarks.md by hand (with the machine they ran on).
// Bounded: loopback only, fixed request counts, stops by itself.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measure, formatRow } from './lib/measure.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'apps/server/dist/main.js');
if (!fs.existsSync(entry)) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const port = 4900 + Math.floor(Math.random() * 90);
const baseUrl = `http://localhost:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-bench-'));
const server = spawn(process.execPath, [entry], {
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: baseUrl, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});

try {
  await waitForHealth();
  const cookie = await signIn('bench@agentry.test');
  const rows = [];
  for (const concurrency of [1, 10, 50]) {
    rows.push(formatRow(`GET /api/health (c=${concurrency})`, await measure({ url: `${baseUrl}/api/health`, concurrency, requests: 2000 })));
  }
  for (const concurrency of [1, 10, 50]) {
    rows.push(formatRow(`GET /api/me signed in (c=${concurrency})`, await measure({ url: `${baseUrl}/api/me`, headers: { cookie }, concurrency, requests: 2000 })));
  }
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`\nAPI baseline, ${database}, ${os.cpus().length} cores, Node ${process.version}\n`);
  console.log('| benchmark | requests | p50 ms | p99 ms | req/s |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function waitForHealth() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start');
}

async function signIn(email) {
  const start = await fetch(`${baseUrl}/api/auth/sign-in/magic-link`, { method: "POST", headers: { "content-type": "application/json", origin: baseUrl }, body: JSON.stringify({ email, callbackURL: "/agents" }) });
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
  return response.headers.getSetCookie().map((entry) => entry.split(';')[0]).join('; ');
}
