// `node bench/widget-loop.mjs <build A> [<build B>]` (after `npm run build`; PostgreSQL with
// DATABASE_URL and REDIS_URL, else PGlite): the widget bench's 50-visitor loop on one or two builds
// of the server, taking turns, for a change whose effect on throughput is smaller than the drift
// between the widget bench's rows. Each run starts a server of its own (and a fake provider, and on
// PostgreSQL a database of its own), warms it up with 1,000 messages, then sends BENCH_REQUESTS
// messages (5,000) from 50 visitors, each continuing its conversation for 10 messages as in
// widget-chat.mjs. Prints, per run, the messages a second while every visitor was busy and the CPU
// time per message of the server process (its threads included: PGlite's worker), of PostgreSQL's
// processes on this machine, and of this process (the visitors and the fake provider); then each
// build's means. BENCH_PAIRS runs of each build (4), the order swapped every pair; BENCH_STREAM=1
// for streamed answers. A build is a `main.js` inside apps/server (its packages are found from
// there), with its `pglite-worker.js` beside it: copy the old build's folder before rebuilding, e.g.
// `cp -r apps/server/dist apps/server/dist-old`, then
// `node bench/widget-loop.mjs apps/server/dist-old/main.js apps/server/dist/main.js`.
// No target: exits 1 only when a message fails.
import fs from 'node:fs';
import path from 'node:path';
import { runCalls, warmUp } from './lib/measure.mjs';
import { readLocalPostgresCpuMs, readProcessCpuMs } from './lib/process-cpu.mjs';
import { apiClient, createBenchAgent, createBenchWidget, signIn, waitForHealth } from './lib/server.mjs';
import { startFakeBackedServer } from './lib/start-fake-backed-server.mjs';
import { createWidgetVisitors } from './lib/widget-visitors.mjs';

const builds = process.argv.slice(2).map((entry) => path.resolve(entry));
if (builds.length === 0 || builds.length > 2 || !builds.every((entry) => fs.existsSync(entry))) {
  console.error('Usage: node bench/widget-loop.mjs <build main.js> [<other build main.js>]');
  process.exit(1);
}
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5000);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 4);
const isStreamed = process.env.BENCH_STREAM === '1';
const VISITORS = 50;
const ANSWER = Array.from({ length: 40 }, (_, index) => `word${index}`).join(' ');

async function measureBuild(entry) {
  const { server, baseUrl, databaseUrl, stop } = await startFakeBackedServer({
    entry,
    answer: ANSWER,
    dataDirPrefix: 'agentry-bench-loop-',
    nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    // Every simulated visitor comes from 127.0.0.1: lift the per-IP and per-visitor limits.
    env: { WIDGET_RATE_LIMIT_PER_MINUTE: '1000000', WIDGET_IP_RATE_LIMIT_PER_MINUTE: '1000000' },
  });
  try {
    await waitForHealth(baseUrl, { server });
    const api = apiClient(baseUrl, await signIn(baseUrl, `bench-loop-${Date.now()}@agentry.test`));
    const { subaccountId, agent } = await createBenchAgent(api);
    const connection = await createBenchWidget(api, { subaccountId, agent });
    const { send: visitorsOf } = createWidgetVisitors({
      widgetUrl: `${baseUrl}/api/widget/${connection.widgetId}/chat`,
      origin: baseUrl,
      expectText: 'word39',
    });
    const send = visitorsOf(isStreamed);
    await warmUp(send, { concurrency: VISITORS });
    /** CPU time per message between two readings; null when either could not be read. */
    const perMessage = (before, after) => (before === null || after === null ? null : (after - before) / REQUESTS);
    const serverBefore = readProcessCpuMs(server.pid);
    const databaseBefore = readLocalPostgresCpuMs(databaseUrl);
    const selfBefore = process.cpuUsage();
    const result = await runCalls(send, { concurrency: VISITORS, requests: REQUESTS });
    const self = process.cpuUsage(selfBefore);
    const databaseAfter = readLocalPostgresCpuMs(databaseUrl);
    return {
      rps: result.rps,
      failures: result.failures,
      firstFailure: result.firstFailure,
      serverCpuMs: perMessage(serverBefore, readProcessCpuMs(server.pid)),
      databaseCpuMs: perMessage(databaseBefore, databaseAfter),
      benchCpuMs: (self.user + self.system) / 1000 / REQUESTS,
    };
  } finally {
    await stop();
  }
}

const label = (entry) => path.relative(process.cwd(), entry);
const format = (value) => (value === null ? '-' : value.toFixed(3));
const results = new Map(builds.map((entry) => [entry, []]));
console.log(
  `Widget loop, ${VISITORS} visitors, ${isStreamed ? 'streamed' : 'whole'}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${REQUESTS} messages a run, load average ${(await import('node:os')).loadavg()[0].toFixed(1)}\n`,
);
console.log('| run | build | messages/s | server CPU ms/message | PostgreSQL CPU ms/message | bench CPU ms/message |');
console.log('|---|---|---|---|---|---|');
let run = 0;
let failed = false;
for (let pair = 0; pair < PAIRS; pair += 1) {
  const order = pair % 2 === 0 ? builds : [...builds].reverse();
  for (const entry of order) {
    run += 1;
    const measured = await measureBuild(entry);
    results.get(entry).push(measured);
    if (measured.failures > 0) {
      failed = true;
      console.error(`${measured.failures} messages failed on ${label(entry)}: ${measured.firstFailure}`);
    }
    console.log(
      `| ${run} | ${label(entry)} | ${Math.round(measured.rps)} | ${format(measured.serverCpuMs)} | ${format(measured.databaseCpuMs)} | ${format(measured.benchCpuMs)} |`,
    );
  }
}
const mean = (list, key) =>
  list.some((entry) => entry[key] === null) ? null : list.reduce((sum, entry) => sum + entry[key], 0) / list.length;
console.log('\n| build | mean messages/s | mean server CPU ms | mean PostgreSQL CPU ms | mean bench CPU ms |');
console.log('|---|---|---|---|---|');
for (const [entry, list] of results)
  console.log(
    `| ${label(entry)} | ${Math.round(mean(list, 'rps'))} | ${format(mean(list, 'serverCpuMs'))} | ${format(mean(list, 'databaseCpuMs'))} | ${format(mean(list, 'benchCpuMs'))} |`,
  );
process.exit(failed ? 1 : 0);
