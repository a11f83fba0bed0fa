// `node bench/llm-gateway.mjs` (after `npm run build -w @agentry/server`): the latency the LLM
// gateway adds over calling the provider directly. The provider is the fake OpenAI-compatible
// server of the tests (apps/server/src/test/fake-openai-server.ts, loaded through tsx); the
// gateway path is POST /v1/chat/completions of the built server (API key auth, agent lookup,
// thread and message rows, usage row). The agent uses a sub account provider key, so the
// credit hold and settlement of platform keys are not in these figures. A third column runs
// the AI SDK alone against the same fake, in this process, to show what the SDK itself costs.
// Bounded: loopback only, fixed request counts, stops by itself. Prints a markdown table and
// exits 1 when a target of the issue is missed (added p50 <= 3 ms on PostgreSQL, 10 streams'
// time to first token within 2x direct). The last column is the server process's CPU time per
// gateway call (Linux /proc, user + system, over the gateway's slices of the row): unlike latency, it hardly
// moves with the machine's load, so runs on a busy machine can still be compared. A floor column
// runs a bare forwarder that does only what no gateway can skip (one read before the provider, one
// durable insert after: bench/lib/bare-chat-server.mjs), on the server's PostgreSQL or, on PGlite,
// on a PGlite of its own in its process.
// Every kind of call is warmed up before each row (1,000 calls, BENCH_WARMUP; see WARMUP_CALLS in
// bench/lib/measure.mjs). A row's kinds of call are measured side by side, in BENCH_SLICES slices (5)
// taking turns (runInterleaved), so that the machine's speed drifting during the row moves the
// gateway and its baselines alike.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, streamText } from 'ai';
import { runInterleaved, timeCall, warmUp } from './lib/measure.mjs';
import { readProcessCpuMs } from './lib/process-cpu.mjs';
import { apiClient, createBenchAgent, signIn, waitForHealth } from './lib/server.mjs';
import { startBareChatServer } from './lib/start-bare-chat-server.mjs';
import { startFakeBackedServer } from './lib/start-fake-backed-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'apps/server/dist/main.js');
if (!fs.existsSync(entry)) {
  console.error('Build first: npm run build -w @agentry/server');
  process.exit(1);
}
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
/**
 * Requests per row: 10 concurrent clients get five times as many, or their row lasts well under a
 * second and one hiccup of either side moves the ratio of two rows by a tenth.
 */
const requestsAt = (concurrency) => (concurrency > 1 ? REQUESTS * 5 : REQUESTS);
const ANSWER = Array.from({ length: 40 }, (_, index) => `word${index}`).join(' ');

const { fake, server, baseUrl, databaseUrl, stop } = await startFakeBackedServer({
  entry,
  answer: ANSWER,
  dataDirPrefix: 'agentry-bench-llm-',
  // Extra Node flags for the server under test (`--cpu-prof --cpu-prof-dir=/tmp/prof`).
  nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
});

// The floor: a bare Fastify route forwarding to the same fake, with what no gateway can skip: one
// read before the provider is called (the sub account's lock) and the turn stored in one durable
// INSERT before the answer ends (bench/lib/bare-chat-server.mjs), on the server's PostgreSQL or on a
// PGlite of its own.
// Extra Node flags for the floor, as for the server under test (BENCH_BARE_NODE_ARGS).
const floor = startBareChatServer({
  fakeUrl: fake.url,
  floor: true,
  databaseUrl,
  nodeArgs: (process.env.BENCH_BARE_NODE_ARGS ?? '').split(' ').filter(Boolean),
});

try {
  const floorBase = await floor.url;
  await waitForHealth(baseUrl, { server });
  const cookie = await signIn(baseUrl, `bench-llm-${Date.now()}@agentry.test`);
  const api = apiClient(baseUrl, cookie);
  const { subaccountId, agent } = await createBenchAgent(api);
  // Several keys: the per-key rate limit of the public API (600 a minute) must not throttle the
  // benchmark, warm-up calls included.
  const keys = [];
  for (let index = 0; index < 40; index += 1)
    keys.push((await api('POST', `/api/subaccounts/${subaccountId}/api-keys`, { name: `bench ${index}` })).secret);

  const messages = [
    { role: 'system', content: 'You are a benchmark agent.' },
    { role: 'user', content: 'How fast is the gateway?' },
  ];
  let turn = 0;
  const firstContent = /"content":"[^"]/;
  const direct = (stream) => () =>
    timeCall({
      url: `${fake.url}/chat/completions`,
      headers: { authorization: 'Bearer sk-bench' },
      body: { model: 'gpt-4o-mini', messages, stream, stream_options: stream ? { include_usage: true } : undefined },
      firstTokenPattern: stream ? firstContent : undefined,
      expectText: 'word39',
    });
  const gateway = (stream) => () => {
    turn += 1;
    return timeCall({
      url: `${baseUrl}/v1/chat/completions`,
      headers: { authorization: `Bearer ${keys[turn % keys.length]}` },
      body: { model: agent.buildId, messages: messages.slice(1), stream },
      firstTokenPattern: stream ? firstContent : undefined,
      expectText: 'word39',
    });
  };

  const floorRoute = (stream) => () =>
    timeCall({
      url: `${floorBase}/chat${stream ? '?stream=1' : ''}`,
      body: { message: messages[1].content },
      firstTokenPattern: stream ? /"type":"delta"/ : undefined,
      expectText: 'word39',
    });

  const sdkModel = createOpenAI({ apiKey: 'sk-bench', baseURL: fake.url }).chat('gpt-4o-mini');
  const sdk = (stream) => async () => {
    const started = performance.now();
    if (!stream) {
      const result = await generateText({
        model: sdkModel,
        system: messages[0].content,
        prompt: messages[1].content,
        maxRetries: 0,
      });
      return {
        total: performance.now() - started,
        ttft: performance.now() - started,
        isOk: result.text.includes('word39'),
      };
    }
    let ttft;
    let text = '';
    for await (const delta of streamText({
      model: sdkModel,
      system: messages[0].content,
      prompt: messages[1].content,
      maxRetries: 0,
    }).textStream) {
      if (ttft === undefined && delta) ttft = performance.now() - started;
      text += delta;
    }
    return {
      total: performance.now() - started,
      ttft: ttft ?? performance.now() - started,
      isOk: text.includes('word39'),
    };
  };

  const rows = [];
  for (const concurrency of [1, 10]) {
    for (const stream of [false, true]) {
      for (const call of [direct, sdk, floorRoute, gateway]) await warmUp(call(stream), { concurrency });
      // The kinds run side by side in slices (runInterleaved); the server's CPU is read around the
      // gateway's own slices.
      let serverCpuMs = 0;
      let isServerCpuKnown = true;
      const gatewayMeter = {
        start: () => readProcessCpuMs(server.pid),
        stop(before) {
          const after = readProcessCpuMs(server.pid);
          if (before === null || after === null) isServerCpuKnown = false;
          else serverCpuMs += after - before;
        },
      };
      const [baseline, sdkOnly, floored, measured] = await runInterleaved(
        [
          { call: direct(stream) },
          { call: sdk(stream) },
          { call: floorRoute(stream) },
          { call: gateway(stream), meter: gatewayMeter },
        ],
        { concurrency, requests: requestsAt(concurrency) },
      );
      const serverCpuMsPerCall = isServerCpuKnown ? serverCpuMs / measured.calls : null;
      rows.push({ concurrency, stream, baseline, sdkOnly, floored, measured, serverCpuMsPerCall });
    }
  }

  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const format = (value) => value.toFixed(2);
  console.log(
    `\nLLM gateway overhead, ${database}, ${os.cpus().length} cores, Node ${process.version}, ${REQUESTS} requests per row (${requestsAt(10)} at 10 clients), load average ${os.loadavg()[0].toFixed(1)}\n`,
  );
  console.log(
    '| call | clients | direct p50 / p99 ms | AI SDK alone p50 / p99 ms | floor (bare + read before + durable insert) p50 / p99 ms | gateway p50 / p99 ms | added by the gateway p50 / p99 ms | server CPU ms per call |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  const pair = (timing) => `${format(timing.p50)} / ${format(timing.p99)}`;
  const added = (measured, baseline) =>
    `${format(measured.p50 - baseline.p50)} / ${format(measured.p99 - baseline.p99)}`;
  for (const { concurrency, stream, baseline, sdkOnly, floored, measured, serverCpuMsPerCall } of rows) {
    const cpu = serverCpuMsPerCall === null ? '-' : format(serverCpuMsPerCall);
    const metrics = stream
      ? [
          ['ttft', 'streamed, time to first token'],
          ['total', 'streamed, whole stream'],
        ]
      : [['total', 'whole answer']];
    for (const [metric, label] of metrics) {
      console.log(
        `| ${label} | ${concurrency} | ${pair(baseline[metric])} | ${pair(sdkOnly[metric])} | ${pair(floored[metric])} | ${pair(measured[metric])} | ${added(measured[metric], baseline[metric])} | ${cpu} |`,
      );
    }
    const failures = baseline.failures + sdkOnly.failures + floored.failures + measured.failures;
    if (failures > 0) console.log(`\n${failures} calls failed in the rows above`);
  }

  // The targets (the 3 ms ones on PostgreSQL only); a miss makes the run fail.
  const row = (concurrency, stream) =>
    rows.find((entry) => entry.concurrency === concurrency && entry.stream === stream);
  const checks = [];
  if (process.env.DATABASE_URL) {
    const whole = row(1, false);
    const streamed = row(1, true);
    const wholeAdded = whole.measured.total.p50 - whole.baseline.total.p50;
    const ttftAdded = streamed.measured.ttft.p50 - streamed.baseline.ttft.p50;
    checks.push(['whole answer, 1 client, added p50 <= 3 ms', wholeAdded <= 3, `${format(wholeAdded)} ms`]);
    checks.push([
      'streamed, 1 client, time to first token added p50 <= 3 ms',
      ttftAdded <= 3,
      `${format(ttftAdded)} ms`,
    ]);
  }
  const parallel = row(10, true);
  checks.push([
    'streamed, 10 clients, time to first token p50 within 2x direct',
    parallel.measured.ttft.p50 <= 2 * parallel.baseline.ttft.p50,
    `${format(parallel.measured.ttft.p50)} vs ${format(parallel.baseline.ttft.p50)} ms direct (${(parallel.measured.ttft.p50 / parallel.baseline.ttft.p50).toFixed(2)}x; AI SDK alone ${format(parallel.sdkOnly.ttft.p50)} ms; floor ${format(parallel.floored.ttft.p50)} ms, ${(parallel.floored.ttft.p50 / parallel.baseline.ttft.p50).toFixed(2)}x)`,
  ]);
  console.log('\nTargets:');
  for (const [name, isMet, detail] of checks) console.log(`- ${name}: ${detail} ${isMet ? 'ok' : 'MISSED'}`);
  if (checks.some(([, isMet]) => !isMet)) process.exitCode = 1;
} finally {
  await floor.stop();
  await stop();
}
