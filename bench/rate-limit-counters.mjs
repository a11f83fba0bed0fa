// `REDIS_URL=redis://127.0.0.1:6379 node bench/rate-limit-counters.mjs`: what counting a widget
// message's two rate limits (the visitor's and the IP's, a fixed window each) costs in Redis mode.
// Rows, side by side in one run, 50 callers at a time on one connection, as the server's 50 visitors:
// - the product: `cache.hits` of apps/server/src/platform/cache (one script, both counters, one
//   round trip), loaded through tsx as the server runs it;
// - the baseline: a MULTI (INCR, PEXPIRE NX) per counter, both at once: what `cache.hit` did before;
// - the floor: one INCR of one key per message (no window, one counter), the least one round trip
//   to Redis costs.
// Each row gives this process's CPU (user + system, the server's side) and Redis's, per message.
// Exits 1 when the product's client CPU per message is more than twice the floor's (one command a
// message, whatever the number of counters, is the reason it exists; a MULTI per counter costs
// several times the floor). Without REDIS_URL it prints why and exits 0: in memory mode a counter is a Map entry.
// Bounded: a fixed number of messages per row, keys under a random prefix deleted at the end.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { Redis } from 'ioredis';
import { tsImport } from 'tsx/esm/api';
import { readLocalServiceCpuMs } from './lib/process-cpu.mjs';

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) {
  console.log('REDIS_URL is not set: the counters live in memory, nothing to measure.');
  process.exit(0);
}
const MESSAGES = Number(process.env.BENCH_REQUESTS ?? 20_000);
const CONCURRENCY = 50;
const WINDOW_MS = 60_000;
/** Visitors and IPs the messages come from: a visitor's key repeats, as a conversation's does. */
const VISITORS = 500;
const IPS = 7;

const { createCache } = await tsImport('../apps/server/src/platform/cache/create-cache.ts', import.meta.url);
const prefix = `bench-counters-${randomBytes(6).toString('hex')}`;
const cache = createCache({ redisUrl, prefix: `${prefix}-product` });
const redis = new Redis(redisUrl, { keyPrefix: `${prefix}-baseline:` });
const floorRedis = new Redis(redisUrl, { keyPrefix: `${prefix}-floor:` });
const admin = new Redis(redisUrl);
/** Redis's CPU time so far, when it runs on this machine. */
const redisCpuMs = () => readLocalServiceCpuMs(redisUrl, 'redis-server');

const keysOf = (index) => [`visitor:${index % VISITORS}`, `ip:${index % IPS}`];
const multi = (key) => redis.multi().incr(key).pexpire(key, WINDOW_MS, 'NX').exec();
const calls = {
  product: (index) => cache.hits(keysOf(index).map((key) => ({ key, windowMs: WINDOW_MS }))),
  'baseline: a MULTI per counter': (index) => Promise.all(keysOf(index).map(multi)),
  'floor: one INCR': (index) => floorRedis.incr(keysOf(index)[0]),
};
// The floor's keys get no window of their own: they are made first, expiring in ten minutes, so a
// run stopped halfway leaves nothing behind for good.
await Promise.all(Array.from({ length: VISITORS }, (_, index) => floorRedis.set(`visitor:${index}`, 0, 'PX', 600_000)));

async function run(call, messages) {
  let next = 0;
  const cpuBefore = process.cpuUsage();
  const redisBefore = redisCpuMs();
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < messages) await call(next++);
    }),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const redisAfter = redisCpuMs();
  return {
    clientUs: (cpu.user + cpu.system) / messages,
    redisUs: redisBefore === null || redisAfter === null ? null : ((redisAfter - redisBefore) * 1000) / messages,
    perSecond: messages / seconds,
  };
}

try {
  for (const call of Object.values(calls)) await run(call, 2_000); // warm-up
  const results = Object.fromEntries(Object.keys(calls).map((name) => [name, []]));
  // Three rounds, the rows alternating, so a busy moment of the machine falls on all of them.
  for (let round = 0; round < 3; round++)
    for (const [name, call] of Object.entries(calls)) results[name].push(await run(call, MESSAGES));
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const summary = Object.fromEntries(
    Object.entries(results).map(([name, runs]) => [
      name,
      {
        clientUs: median(runs.map((run) => run.clientUs)),
        redisUs: runs[0].redisUs === null ? null : median(runs.map((run) => run.redisUs)),
        perSecond: median(runs.map((run) => run.perSecond)),
      },
    ]),
  );
  console.log(
    `\nRate-limit counters of a widget message (two: visitor and IP), Redis, ${os.cpus().length} cores, Node ${process.version}, ${CONCURRENCY} callers, ${MESSAGES} messages per row, median of 3 rounds, load average ${os.loadavg()[0].toFixed(1)}\n`,
  );
  console.log('| row | client CPU µs per message | Redis CPU µs per message | messages/s |');
  console.log('|---|---|---|---|');
  for (const [name, row] of Object.entries(summary))
    console.log(
      `| ${name} | ${row.clientUs.toFixed(1)} | ${row.redisUs === null ? '-' : row.redisUs.toFixed(1)} | ${Math.round(row.perSecond)} |`,
    );
  const product = summary.product;
  const floor = summary['floor: one INCR'];
  const isMet = product.clientUs <= 2 * floor.clientUs;
  console.log(
    `\nTarget: the product's client CPU per message at most twice the floor's: ${product.clientUs.toFixed(1)} vs ${floor.clientUs.toFixed(1)} µs ${isMet ? 'ok' : 'MISSED'}`,
  );
  process.exitCode = isMet ? 0 : 1;
} finally {
  let cursor = '0';
  do {
    const [nextCursor, keys] = await admin.scan(cursor, 'MATCH', `${prefix}-*`, 'COUNT', 1000);
    cursor = nextCursor;
    if (keys.length > 0) await admin.del(...keys);
  } while (cursor !== '0');
  await Promise.all([cache.close(), redis.quit(), floorRedis.quit(), admin.quit()]);
}
