// `npm run bench`: runs every benchmark under bench/ against the built server and prints a
// markdown table. Results go to docs/benchmarks.md by hand (with the machine they ran on).
// Bounded: loopback only, fixed request counts, stops by itself.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measure, formatRow } from './lib/measure.mjs';
import { signIn, startServerProcess, waitForHealth } from './lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'apps/server/dist/main.js');
if (!fs.existsSync(entry)) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const { server, baseUrl, stop } = await startServerProcess({ entry, dataDirPrefix: 'agentry-bench-' });

try {
  await waitForHealth(baseUrl, { server });
  const cookie = await signIn(baseUrl, 'bench@agentry.test');
  const rows = [];
  for (const concurrency of [1, 10, 50]) {
    rows.push(
      formatRow(
        `GET /api/health (c=${concurrency})`,
        await measure({ url: `${baseUrl}/api/health`, concurrency, requests: 2000 }),
      ),
    );
  }
  for (const concurrency of [1, 10, 50]) {
    rows.push(
      formatRow(
        `GET /api/me signed in (c=${concurrency})`,
        await measure({ url: `${baseUrl}/api/me`, headers: { cookie }, concurrency, requests: 2000 }),
      ),
    );
  }
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`\nAPI baseline, ${database}, ${os.cpus().length} cores, Node ${process.version}\n`);
  console.log('| benchmark | requests | p50 ms | p99 ms | req/s |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  await stop();
}

// The widget's benchmarks are scripts of their own (each starts the servers it needs).
for (const script of ['widget-size.mjs', 'widget-chat.mjs']) {
  const result = spawnSync(process.execPath, [path.join(root, 'bench', script)], { stdio: 'inherit' });
  if (result.status !== 0) process.exitCode = result.status ?? 1;
}
