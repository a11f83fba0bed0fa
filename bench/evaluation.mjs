// `node bench/evaluation.mjs` (after `npm run build -w @agentry/server`): how close an evaluation
// run gets to the ideal time, and how fast its progress reaches a browser. The provider is the
// tests' fake OpenAI-compatible server answering every call in 20 ms (simulated user, assistant
// under test and judge alike), in this process; the run goes through the built server: the run
// route, the background job, the LLM gateway for every assistant answer (route, usage row), the
// conversation rows and the SSE progress stream, which this script reads like a browser would.
// The run: 300 conversations of 3 turns (whenToAsk 3: 2 simulated-user calls, 3 assistant calls,
// 1 judge call = 6 calls each) at concurrency 20. Ideal = 300 x 6 x 20 ms / 20 = 1.8 s.
// Pass: the run within 1.5x of ideal, and every conversation's progress event within 1 s of its
// end. Bounded: loopback only, one run, stops by itself. Env: BENCH_CONVERSATIONS, BENCH_LATENCY_MS,
// BENCH_CONCURRENCY, DATABASE_URL (PostgreSQL instead of PGlite: a database of its own on that server,
// dropped after the run), BENCH_SERVER_NODE_ARGS (node flags for
// the server, e.g. --cpu-prof), BENCH_SIGNAL_SERVER (see below).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { createBenchDatabase } from './lib/bench-database.mjs';
import { readProcessCpuMs } from './lib/process-cpu.mjs';
import { signIn, startServerProcess, waitForHealth } from './lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'apps/server/dist/main.js');
if (!fs.existsSync(entry)) {
  console.error('Build first: npm run build -w @agentry/server');
  process.exit(1);
}
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 300);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const TURNS = 3;
const CALLS_PER_CONVERSATION = TURNS - 1 + TURNS + 1;
const GROUPS = ['customQuestions', 'complianceQuestions', 'promptHackingQuestions'];

const { startFakeOpenAiServer, textOf } = await tsImport(
  '../apps/server/src/test/fake-openai-server.ts',
  import.meta.url,
);
const fake = await startFakeOpenAiServer();
fake.setDelays({ responseMs: LATENCY_MS });
fake.respondWith((request) => {
  const system = textOf(request.messages[0]);
  if (system.includes('strict, fair evaluator'))
    return { text: JSON.stringify({ reasoning: 'Meets the criteria.', verdict: 'pass', score: 90 }) };
  if (system.includes('role-playing a USER')) return { text: 'Tell me more about your panels, please.' };
  return { text: 'Our panels come with a 25-year warranty and installation takes two days.' };
});

const database = await createBenchDatabase();
// A keyless OpenAI-compatible platform provider: calls cost no credits (billing is measured in bench/credits.mjs).
const { server, baseUrl, stop } = await startServerProcess({
  entry,
  fakeUrl: fake.url,
  databaseUrl: database?.url,
  dataDirPrefix: 'agentry-bench-eval-',
  env: { OPENAI_API_KEY: undefined, OPENROUTER_API_KEY: undefined },
  nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
});

async function api(method, url, cookie, body) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { cookie, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Reads the SSE stream, stamping each event with its arrival time. */
async function readEvents(runId, cookie) {
  const response = await fetch(`${baseUrl}/api/evaluations/${runId}/events`, { headers: { cookie } });
  const received = [];
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.startsWith('data: ')) received.push({ at: Date.now(), event: JSON.parse(block.slice(6)) });
      end = buffer.indexOf('\n\n');
    }
  }
  return received;
}

try {
  await waitForHealth(baseUrl, { server });
  const cookie = await signIn(baseUrl, `bench-eval-${Date.now()}@agentry.test`);
  // A warm-up run (JIT, connections, first queries) that is not measured.
  const question = (index) => ({
    id: `q${index}`,
    text: `Benchmark question ${index}?`,
    selected: true,
    variations: 1,
    whenToAsk: TURNS,
    successCriteria: 'Answers about panels.',
  });
  const payload = (count, concurrency) => {
    const body = {
      evaluationId: randomUUID(),
      ai1_config: { evaluationName: 'Benchmark', model: 'gpt-4o-mini', prompt: 'You are SolarBot.', maxTokens: 300 },
      initial_message: 'How can I help you with solar today?',
      shortuserDescription: 'User wants help looking at options for solar energy.',
      checkedItems: { 'custom-questions': true, compliance: true, 'prompt-hacking': true },
      testing_model_for_test_generation: 'gpt-4o-mini',
      concurrency,
    };
    for (const group of GROUPS) body[group] = [];
    for (let index = 0; index < count; index += 1) body[GROUPS[index % GROUPS.length]].push(question(index));
    return body;
  };
  const warmUp = await api('POST', '/api/evaluation/run/evaluationdata', cookie, payload(20, CONCURRENCY));
  await readEvents(warmUp.runId, cookie);

  // BENCH_SIGNAL_SERVER=1: SIGUSR2 to the server just before and after the measured run, for a
  // preloaded (--import, through BENCH_SERVER_NODE_ARGS) statement logger or profiler to switch on and off.
  const isSignalling = process.env.BENCH_SIGNAL_SERVER === '1';
  if (isSignalling) server.kill('SIGUSR2');
  const cpuBefore = readProcessCpuMs(server.pid);
  const run = await api('POST', '/api/evaluation/run/evaluationdata', cookie, payload(CONVERSATIONS, CONCURRENCY));
  const received = await readEvents(run.runId, cookie);
  const cpuAfter = readProcessCpuMs(server.pid);
  if (isSignalling) server.kill('SIGUSR2');
  const summary = await api('GET', `/api/evaluations/${run.runId}`, cookie);
  const detailsFinished = [];
  // finishedAt of every conversation, from the export (one read).
  const exported = await api('GET', `/api/evaluations/${run.runId}/export?format=json`, cookie);
  for (const conversation of exported.conversations) detailsFinished.push(Date.parse(conversation.finishedAt));
  detailsFinished.sort((left, right) => left - right);

  const elapsedMs = Date.parse(summary.finishedAt) - Date.parse(summary.startedAt);
  const idealMs = (CONVERSATIONS * CALLS_PER_CONVERSATION * LATENCY_MS) / CONCURRENCY;
  const lags = detailsFinished.map((finishedAt, index) => {
    const pushed = received.find((entry) => entry.event.done >= index + 1);
    return pushed ? pushed.at - finishedAt : Infinity;
  });
  lags.sort((left, right) => left - right);
  const pick = (q) => lags[Math.min(lags.length - 1, Math.floor(q * lags.length))];
  const ratio = elapsedMs / idealMs;
  const isRunOk = summary.status === 'finished' && summary.totals.done === CONVERSATIONS && ratio <= 1.5;
  const isProgressOk = lags.length === CONVERSATIONS && pick(1) < 1000;
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

  console.log(
    `\nEvaluation run, ${database}, ${os.cpus().length} cores, Node ${process.version}, load ${os.loadavg()[0].toFixed(2)}\n`,
  );
  const cpuPerCallMs =
    cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / (CONVERSATIONS * CALLS_PER_CONVERSATION);
  console.log(
    '| conversations x calls | latency | concurrency | ideal ms | run ms | ratio | progress lag p50 / p99 / max ms | server CPU ms per call | result |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  console.log(
    `| ${CONVERSATIONS} x ${CALLS_PER_CONVERSATION} | ${LATENCY_MS} ms | ${CONCURRENCY} | ${idealMs.toFixed(0)} | ${elapsedMs} | ${ratio.toFixed(3)} | ${pick(0.5).toFixed(0)} / ${pick(0.99).toFixed(0)} / ${pick(1).toFixed(0)} | ${cpuPerCallMs === null ? 'n/a' : cpuPerCallMs.toFixed(2)} | ${isRunOk && isProgressOk ? 'pass' : 'FAIL'} |`,
  );
  console.log(
    `\nrun within 1.5x of ideal: ${isRunOk ? 'pass' : 'FAIL'} (${ratio.toFixed(3)}x); progress within 1 s of each conversation's end: ${isProgressOk ? 'pass' : 'FAIL'} (max ${pick(1).toFixed(0)} ms)`,
  );
  process.exitCode = isRunOk && isProgressOk ? 0 : 1;
} finally {
  await stop();
  await fake.close();
  await database?.drop();
}
