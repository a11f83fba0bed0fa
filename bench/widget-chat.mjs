// `node bench/widget-chat.mjs` (after `npm run build`): the widget's chat hot path, the call every
// visitor message makes (POST /api/widget/:widgetId/chat: Origin check, per-visitor and per-IP
// rate limits, the widget's daily limit, the visitor and conversation rows, the LLM gateway,
// the reply stored), whole and streamed (?stream=1), with 1 and 50 concurrent visitors.
// The provider is the tests' fake OpenAI-compatible server (apps/server/src/test/
// fake-openai-server.ts through tsx), answering a 40-word reply at once. Baselines: the fake
// provider called directly, and a bare Fastify route in its own process
// (bench/lib/bare-chat-server.mjs) that forwards the same body to the same fake.
// Each visitor continues its conversation (threadId, widgetConversationThreadId) for
// MESSAGES_PER_CONVERSATION messages, then a new visitor starts. The agent uses the sub
// account's own provider key. Bounded: loopback only, fixed request counts. Prints markdown.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { runCalls, timeCall } from './lib/measure.mjs';
import { apiClient, signIn, waitForHealth } from './lib/server.mjs';
import { startFakeBackedServer } from './lib/start-fake-backed-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'apps/server/dist/main.js');
if (!fs.existsSync(entry)) {
  console.error('Build first: npm run build');
  process.exit(1);
}
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const MESSAGES_PER_CONVERSATION = 10;
const ANSWER = Array.from({ length: 40 }, (_, index) => `word${index}`).join(' ');
const HOST_ORIGIN = 'https://shop.bench.example';
const FIRST_DELTA = /"type":"delta"/;

const { fake, baseUrl, stop } = await startFakeBackedServer({
  entry,
  answer: ANSWER,
  dataDirPrefix: 'agentry-bench-widget-',
  // Every simulated visitor comes from 127.0.0.1: lift the per-IP and per-visitor limits.
  env: { WIDGET_RATE_LIMIT_PER_MINUTE: '1000000', WIDGET_IP_RATE_LIMIT_PER_MINUTE: '1000000' },
});
const bare = spawn(process.execPath, [path.join(root, 'bench/lib/bare-chat-server.mjs')], {
  env: { ...process.env, FAKE_PROVIDER_URL: fake.url },
  stdio: ['ignore', 'pipe', 'inherit'],
});

try {
  const bareUrl = await new Promise((resolve, reject) => {
    bare.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    readline.createInterface({ input: bare.stdout }).on('line', (line) => {
      if (line.startsWith('listening ')) resolve(line.slice('listening '.length));
    });
  });
  await waitForHealth(baseUrl);
  const api = apiClient(baseUrl, await signIn(baseUrl, 'bench-widget@agentry.test'));
  const me = await api('GET', '/api/me');
  const subaccountId = me.subaccounts[0].id;
  await api('POST', `/api/subaccounts/${subaccountId}/provider-keys`, { provider: 'openai', apiKey: 'sk-bench' });
  const agent = await api('POST', `/api/subaccounts/${subaccountId}/agents`, {
    aiName: 'Bench',
    provider: 'openai',
    model: 'gpt-4o-mini',
    instructions: 'You are a benchmark agent.',
  });
  const created = await api('POST', `/api/subaccounts/${subaccountId}/connections`, { type: 'website-widget' });
  const connection = created.connection ?? created;
  await api('PUT', `/api/connections/${connection.connectionId}/update-build`, { buildId: agent.buildId });
  // The daily limit (default 200) would cut the benchmark off: raise it to the maximum.
  await api('PUT', `/api/connections/${connection.connectionId}`, {
    settings: { ...connection.settings, dailyLimit: 100_000 },
    deploy: true,
  });
  const widgetUrl = `${baseUrl}/api/widget/${connection.widgetId}/chat`;

  const direct = (stream) => () =>
    timeCall({
      url: `${fake.url}/chat/completions`,
      headers: { authorization: 'Bearer sk-bench' },
      body: {
        model: 'gpt-4o-mini',
        messages: [
          { role: 'system', content: 'You are a benchmark agent.' },
          { role: 'user', content: 'How fast is the widget?' },
        ],
        stream,
      },
      firstTokenPattern: stream ? /"content":"[^"]/ : undefined,
      expectText: 'word39',
    });
  const bareRoute = (stream) => () =>
    timeCall({
      url: `${bareUrl}/chat${stream ? '?stream=1' : ''}`,
      body: { message: 'How fast is the widget?' },
      firstTokenPattern: stream ? FIRST_DELTA : undefined,
      expectText: 'word39',
    });

  // One visitor per worker at a time; each keeps its conversation going like the iframe does.
  const visitors = new Map();
  let visitorCount = 0;
  const widget = (stream) => async (worker) => {
    let visitor = visitors.get(worker);
    if (!visitor || visitor.sent >= MESSAGES_PER_CONVERSATION) {
      visitorCount += 1;
      visitor = { contactIdentifier: `bench_${visitorCount}_${randomBytes(4).toString('hex')}`, sent: 0, history: [] };
      visitors.set(worker, visitor);
    }
    const message = `Question ${visitor.sent + 1}: how fast is the widget?`;
    const result = await timeCall({
      url: `${widgetUrl}${stream ? '?stream=1' : ''}`,
      // As the iframe sends it: its own origin, and the page that framed it.
      headers: { origin: baseUrl, 'x-widget-parent-origin': HOST_ORIGIN },
      body: {
        message,
        contactIdentifier: visitor.contactIdentifier,
        threadId: visitor.threadId,
        widgetConversationThreadId: visitor.widgetConversationThreadId,
        history: visitor.history,
      },
      firstTokenPattern: stream ? FIRST_DELTA : undefined,
      expectText: 'word39',
    });
    if (result.isOk) {
      const reply = stream ? readDone(result.text) : JSON.parse(result.text);
      visitor.threadId = reply?.threadId;
      visitor.widgetConversationThreadId = reply?.widgetConversationThreadId ?? reply?.newWidgetConversationThreadId;
      visitor.history.push({ role: 'user', content: message }, { role: 'assistant', content: reply?.message ?? '' });
    }
    visitor.sent += 1;
    return result;
  };

  const rows = [];
  for (const concurrency of [1, 50]) {
    for (const stream of [false, true]) {
      for (const call of [direct, bareRoute, widget])
        await runCalls(call(stream), { concurrency, requests: Math.max(20, concurrency) }); // warm-up
      const provider = await runCalls(direct(stream), { concurrency, requests: REQUESTS });
      const baseline = await runCalls(bareRoute(stream), { concurrency, requests: REQUESTS });
      const measured = await runCalls(widget(stream), { concurrency, requests: REQUESTS });
      rows.push({ concurrency, stream, provider, baseline, measured });
    }
  }

  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const format = (value) => value.toFixed(2);
  const pair = (timing) => `${format(timing.p50)} / ${format(timing.p99)}`;
  const ratio = (measured, baseline) =>
    `${(measured.p50 / baseline.p50).toFixed(1)}x / ${(measured.p99 / baseline.p99).toFixed(1)}x`;
  console.log(
    `\nWidget chat hot path, ${database}, ${os.cpus().length} cores, Node ${process.version}, ${REQUESTS} requests per row, load average ${os.loadavg()[0].toFixed(1)}\n`,
  );
  console.log(
    '| call | visitors | provider direct p50 / p99 ms | bare Fastify p50 / p99 ms | widget p50 / p99 ms | added by the widget p50 / p99 ms | widget / bare p50 / p99 | req/s widget / bare |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const { concurrency, stream, provider, baseline, measured } of rows) {
    const metrics = stream
      ? [
          ['ttft', 'streamed, time to first token'],
          ['total', 'streamed, whole stream'],
        ]
      : [['total', 'whole answer']];
    for (const [metric, label] of metrics) {
      const added = `${format(measured[metric].p50 - provider[metric].p50)} / ${format(measured[metric].p99 - provider[metric].p99)}`;
      const throughput = `${Math.round(measured.rps)} / ${Math.round(baseline.rps)} (${(measured.rps / baseline.rps).toFixed(2)}x)`;
      console.log(
        `| ${label} | ${concurrency} | ${pair(provider[metric])} | ${pair(baseline[metric])} | ${pair(measured[metric])} | ${added} | ${ratio(measured[metric], baseline[metric])} | ${throughput} |`,
      );
    }
    for (const [name, result] of [
      ['provider', provider],
      ['bare', baseline],
      ['widget', measured],
    ]) {
      if (result.failures > 0)
        console.log(`\n${result.failures} ${name} calls failed in the row above (first: ${result.firstFailure})`);
    }
  }
  console.log(`\n${visitorCount} visitors, ${MESSAGES_PER_CONVERSATION} messages per conversation.`);
} finally {
  bare.kill('SIGTERM');
  await stop();
}

/** The reply carried by the 'done' event of a widget stream. */
function readDone(text) {
  for (const line of text.split('\n')) {
    if (!line.startsWith('data:')) continue;
    const event = JSON.parse(line.slice(5).trim());
    if (event.type === 'done') return event.reply;
  }
  return undefined;
}
