// `node bench/compare-builds.mjs <old build> <new build>` (PostgreSQL: DATABASE_URL; REDIS_URL optional):
// one visitor's widget messages (whole answers) timed on two builds of the server at once, for a
// change too small for the widget bench to see. That bench measures its rows one after another, and
// this machine's speed drifts between them by more than a tenth of a millisecond; here both servers
// run side by side on one database, one fake provider and one Redis, and their messages alternate
// (old, new, new, old, ...), so a drift moves both. The two places are not quite alike (the first
// server started first, its harness made the widget), so the run is done twice, the builds' places
// swapped, and the difference is the average of the two runs: the place's own part cancels out.
// Prints p50, p90 and mean per build and place, and new minus old. No target: exits 0 unless a call fails.
// Both builds must sit in apps/server/dist to find their packages: copy the old one before
// rebuilding, e.g. `cp apps/server/dist/main.js apps/server/dist/main-old.js`, then
// `node bench/compare-builds.mjs apps/server/dist/main-old.js apps/server/dist/main.js`.
// Bounded: BENCH_REQUESTS messages per server and run (default 2,000) after 300 warm-up ones.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { timeCall } from './lib/measure.mjs';
import {
  apiClient,
  createBenchAgent,
  createBenchWidget,
  signIn,
  startServerProcess,
  waitForHealth,
} from './lib/server.mjs';
import { startFakeBackedServer } from './lib/start-fake-backed-server.mjs';

const [oldEntry, newEntry] = process.argv.slice(2).map((entry) => path.resolve(entry));
if (!oldEntry || !newEntry || !fs.existsSync(oldEntry) || !fs.existsSync(newEntry)) {
  console.error('Usage: node bench/compare-builds.mjs <old build> <new build> (both in apps/server/dist)');
  process.exit(1);
}
if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL: the two servers share one PostgreSQL database (PGlite has one owner).');
  process.exit(1);
}
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const WARMUP = 300;
const MESSAGES_PER_CONVERSATION = 10;
const ANSWER = 'word0 word1 word2 word3 word39';

/** Both builds running, `first` in the first place; answers each place's build name and message times. */
async function run(first, second) {
  const env = {
    // One visitor from 127.0.0.1 sends thousands of messages: lift the per-IP and per-visitor limits.
    WIDGET_RATE_LIMIT_PER_MINUTE: '1000000',
    WIDGET_IP_RATE_LIMIT_PER_MINUTE: '1000000',
    // The second server decrypts the provider key the first one stored.
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
  const one = await startFakeBackedServer({
    entry: first.entry,
    answer: ANSWER,
    dataDirPrefix: 'agentry-compare-',
    env,
  });
  const two = await startServerProcess({
    entry: second.entry,
    fakeUrl: one.fake.url,
    databaseUrl: one.databaseUrl,
    dataDirPrefix: 'agentry-compare-',
    env,
  });
  const secondUrl = two.baseUrl;
  try {
    await waitForHealth(one.baseUrl, { server: one.server });
    await waitForHealth(secondUrl, { server: two.server });
    const widgetId = await createWidget(one.baseUrl);
    const places = [
      { ...first, url: one.baseUrl, times: [], visitor: undefined },
      { ...second, url: secondUrl, times: [], visitor: undefined },
    ];
    for (let index = 0; index < WARMUP + REQUESTS; index += 1) {
      for (const place of index % 2 === 0 ? places : [...places].reverse()) {
        const total = await sendMessage(place, widgetId, index);
        if (index >= WARMUP) place.times.push(total);
      }
    }
    return places;
  } finally {
    await two.stop();
    await one.stop();
  }
}

async function createWidget(baseUrl) {
  const api = apiClient(baseUrl, await signIn(baseUrl, `bench-compare-${Date.now()}@agentry.test`));
  return (await createBenchWidget(api, await createBenchAgent(api))).widgetId;
}

/** One message of the place's visitor, who starts a new conversation every 10 messages. */
async function sendMessage(place, widgetId, index) {
  if (!place.visitor || place.visitor.sent >= MESSAGES_PER_CONVERSATION)
    place.visitor = { contactIdentifier: `compare_${index}_${randomBytes(4).toString('hex')}`, sent: 0 };
  const { visitor } = place;
  const result = await timeCall({
    url: `${place.url}/api/widget/${widgetId}/chat`,
    headers: { origin: place.url },
    body: {
      message: `Question ${index}`,
      contactIdentifier: visitor.contactIdentifier,
      widgetConversationThreadId: visitor.conversationId,
    },
    expectText: 'word39',
  });
  if (!result.isOk) throw new Error(`A message failed (${result.status}): ${result.text.slice(0, 200)}`);
  const reply = JSON.parse(result.text);
  visitor.conversationId = reply.widgetConversationThreadId ?? reply.newWidgetConversationThreadId;
  visitor.sent += 1;
  return result.total;
}

function summarize(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share) => sorted[Math.floor(share * (sorted.length - 1))];
  return { p50: at(0.5), p90: at(0.9), mean: sorted.reduce((sum, value) => sum + value, 0) / sorted.length };
}

const builds = { old: { build: 'old', entry: oldEntry }, new: { build: 'new', entry: newEntry } };
const runs = [await run(builds.old, builds.new), await run(builds.new, builds.old)];
const format = (ms) => ms.toFixed(3);
console.log(
  `\nOne visitor's whole answers, two builds side by side, ${REQUESTS} messages each per run, load average ${os.loadavg()[0].toFixed(1)}\n`,
);
console.log('| run | build | place | p50 ms | p90 ms | mean ms |');
console.log('|---|---|---|---|---|---|');
const byBuild = { old: [], new: [] };
runs.forEach((places, runIndex) => {
  places.forEach((place, placeIndex) => {
    const stats = summarize(place.times);
    byBuild[place.build].push(stats);
    console.log(
      `| ${runIndex + 1} | ${place.build} (${path.basename(place.entry)}) | ${placeIndex + 1} | ${format(stats.p50)} | ${format(stats.p90)} | ${format(stats.mean)} |`,
    );
  });
});
const average = (build, key) => (byBuild[build][0][key] + byBuild[build][1][key]) / 2;
console.log(
  `\nNew minus old, averaged over both places: p50 ${format(average('new', 'p50') - average('old', 'p50'))} ms, p90 ${format(average('new', 'p90') - average('old', 'p90'))} ms, mean ${format(average('new', 'mean') - average('old', 'mean'))} ms.`,
);
