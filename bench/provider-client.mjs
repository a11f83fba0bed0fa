// `node bench/provider-client.mjs`: which HTTP client the gateway should use for OpenAI-compatible
// providers. The same fake provider (the tests' fake OpenAI-compatible server in a process of its
// own, a 40-word answer at once, streamed one word per chunk) is called by: bare `fetch` (with
// `eventsource-parser` for streams), the gateway's own client (`createChatModel` of
// apps/server/src/platform/llm, as the server calls it: node:http with a keep-alive agent, its
// event reader and chunk parsing for streams), the official `openai` package, and the AI SDK (`generateText` / `streamText` on
// @ai-sdk/openai-compatible). Rows: whole answer, streamed time to first token and whole stream,
// with 1 and 10 concurrent clients; p50 / p99 ms and the client's CPU per call. Bounded: loopback
// only, fixed call counts. Prints markdown. Exits 1 when the gateway's client's time to first
// token at 10 streams is more than 2x bare fetch's (the budget the gateway's own overhead has to
// fit in); the libraries' rows are judged against the same budget, for the record.
// A call that fails (a connection the fake's process closed under load, a wrong answer) is
// counted and reported in its row, never a crash; so is an error no call awaited.
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, streamText } from 'ai';
import { createParser } from 'eventsource-parser';
import OpenAI from 'openai';
import { tsImport } from 'tsx/esm/api';

const { createChatModel } = await tsImport('../apps/server/src/platform/llm/chat-completions.ts', import.meta.url);

const CALLS = Number(process.env.BENCH_REQUESTS ?? 300);
const ANSWER = Array.from({ length: 40 }, (_, index) => `word${index}`).join(' ');
const child = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), 'lib', 'fake-provider-process.mjs'), {
  env: { ...process.env, FAKE_RESPONSE_MS: '0', FAKE_ANSWER: ANSWER },
});
const fakeUrl = await new Promise((resolve) => child.once('message', resolve));
let isStopping = false;
child.once('exit', (code, signal) => {
  if (!isStopping)
    console.error(`The fake provider's process ended early (${signal ?? code}): the rows after this fail.`);
});

// An error raised where no call awaits it (a socket closed under a client's stream pipeline) is
// counted against the row that was running, and the benchmark goes on.
const stray = { count: 0, first: undefined };
const noteStray = (error) => {
  stray.count += 1;
  stray.first ??= error instanceof Error ? `${error.name}: ${error.message}` : String(error);
};
process.on('unhandledRejection', noteStray);
process.on('uncaughtException', noteStray);
const system = 'You are a benchmark agent.';
const question = 'How fast is the client?';
const messages = [
  { role: 'system', content: system },
  { role: 'user', content: question },
];

/** A chat-completions event stream read with eventsource-parser: the text and when its first piece came. */
function readEventStream(started) {
  let text = '';
  let ttft;
  const parser = createParser({
    onEvent(event) {
      if (event.data === '[DONE]') return;
      const content = JSON.parse(event.data).choices?.[0]?.delta?.content;
      if (content) {
        ttft ??= performance.now() - started;
        text += content;
      }
    },
  });
  return {
    feed: (chunk) => parser.feed(chunk),
    result: () => ({ ttft, total: performance.now() - started, text }),
  };
}

/** A call answers { ttft, total } in ms and the text, which must be the whole answer. */
const clients = {
  fetch: {
    async whole() {
      const started = performance.now();
      const response = await fetch(`${fakeUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages }),
      });
      const body = await response.json();
      const total = performance.now() - started;
      return { ttft: total, total, text: body.choices[0].message.content };
    },
    async stream() {
      const started = performance.now();
      const response = await fetch(`${fakeUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages, stream: true, stream_options: { include_usage: true } }),
      });
      const stream = readEventStream(started);
      const decoder = new TextDecoder();
      for await (const chunk of response.body) stream.feed(decoder.decode(chunk, { stream: true }));
      return stream.result();
    },
  },
  'node:http (the gateway)': (() => {
    // The gateway's own client as the server runs it: its model object, whole or streamed.
    const model = createChatModel({ provider: 'openai', apiKey: 'sk-bench', baseUrl: fakeUrl }, 'gpt-4o-mini');
    const request = { messages };
    return {
      async whole() {
        const started = performance.now();
        const answer = await model.complete(request);
        const total = performance.now() - started;
        return { ttft: total, total, text: answer.text };
      },
      async stream() {
        const started = performance.now();
        let text = '';
        let ttft;
        for await (const event of await model.stream(request)) {
          if (event.type !== 'text') continue;
          ttft ??= performance.now() - started;
          text += event.text;
        }
        return { ttft, total: performance.now() - started, text };
      },
    };
  })(),
  openai: (() => {
    const openai = new OpenAI({ apiKey: 'sk-bench', baseURL: fakeUrl, maxRetries: 0 });
    return {
      async whole() {
        const started = performance.now();
        const completion = await openai.chat.completions.create({ model: 'gpt-4o-mini', messages });
        const total = performance.now() - started;
        return { ttft: total, total, text: completion.choices[0].message.content };
      },
      async stream() {
        const started = performance.now();
        const stream = await openai.chat.completions.create({
          model: 'gpt-4o-mini',
          messages,
          stream: true,
          stream_options: { include_usage: true },
        });
        let text = '';
        let ttft;
        for await (const chunk of stream) {
          const content = chunk.choices[0]?.delta?.content;
          if (content) {
            ttft ??= performance.now() - started;
            text += content;
          }
        }
        return { ttft, total: performance.now() - started, text };
      },
    };
  })(),
  'AI SDK': (() => {
    const model = createOpenAICompatible({
      name: 'openai-compatible',
      apiKey: 'sk-bench',
      baseURL: fakeUrl,
      includeUsage: true,
    }).chatModel('gpt-4o-mini');
    const settings = { model, system, messages: [{ role: 'user', content: question }], maxRetries: 0 };
    return {
      async whole() {
        const started = performance.now();
        const result = await generateText(settings);
        const total = performance.now() - started;
        return { ttft: total, total, text: result.text };
      },
      async stream() {
        const started = performance.now();
        const result = streamText({ ...settings, onError: () => undefined });
        let text = '';
        let ttft;
        for await (const part of result.fullStream) {
          if (part.type === 'text-delta' && part.text) {
            ttft ??= performance.now() - started;
            text += part.text;
          } else if (part.type === 'error') throw part.error;
        }
        return { ttft, total: performance.now() - started, text };
      },
    };
  })(),
};

async function run(call, concurrency, calls) {
  const ttfts = [];
  const totals = [];
  let next = 0;
  let failures = 0;
  let firstFailure;
  const strayBefore = stray.count;
  const cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < calls) {
        next += 1;
        try {
          const result = await call();
          if (result.text !== ANSWER) throw new Error(`wrong answer: ${String(result.text).slice(0, 80)}`);
          ttfts.push(result.ttft);
          totals.push(result.total);
        } catch (error) {
          failures += 1;
          firstFailure ??= error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        }
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  const strayErrors = stray.count - strayBefore;
  if (strayErrors > 0) firstFailure ??= stray.first;
  const pick = (values) => {
    values.sort((a, b) => a - b);
    // No successful call: NaN, which the table prints as such.
    return (q) =>
      values.length === 0 ? Number.NaN : values[Math.min(values.length - 1, Math.floor(q * values.length))];
  };
  return {
    ttft: pick(ttfts),
    total: pick(totals),
    cpuMsPerCall: (used.user + used.system) / 1000 / calls,
    failures: failures + strayErrors,
    firstFailure,
  };
}

const rows = [];
for (const concurrency of [1, 10]) {
  for (const mode of ['whole', 'stream']) {
    for (const [name, client] of Object.entries(clients)) {
      await run(client[mode], concurrency, 30); // warm-up
      rows.push({ concurrency, mode, name, result: await run(client[mode], concurrency, CALLS) });
    }
  }
}
isStopping = true;
child.kill();

const format = (pick) => `${pick(0.5).toFixed(2)} / ${pick(0.99).toFixed(2)}`;
console.log(
  `\nProvider client, ${os.cpus().length} cores, Node ${process.version}, ${CALLS} calls per row, load average ${os.loadavg()[0].toFixed(1)}\n`,
);
console.log('| call | clients | client | p50 / p99 ms | CPU ms per call | failed |');
console.log('|---|---|---|---|---|---|');
for (const { concurrency, mode, name, result } of rows) {
  const failed = String(result.failures);
  if (mode === 'whole')
    console.log(
      `| whole answer | ${concurrency} | ${name} | ${format(result.total)} | ${result.cpuMsPerCall.toFixed(2)} | ${failed} |`,
    );
  else {
    console.log(
      `| streamed, time to first token | ${concurrency} | ${name} | ${format(result.ttft)} | ${result.cpuMsPerCall.toFixed(2)} | ${failed} |`,
    );
    console.log(`| streamed, whole stream | ${concurrency} | ${name} | ${format(result.total)} | - | ${failed} |`);
  }
}
const failedRows = rows.filter((row) => row.result.failures > 0);
if (failedRows.length > 0) {
  console.log('\nFailed calls (first error of each row):');
  for (const { concurrency, mode, name, result } of failedRows)
    console.log(`- ${name}, ${mode}, ${concurrency} clients: ${result.failures} failed: ${result.firstFailure}`);
}
const ttftAt10 = (name) => rows.find((row) => row.concurrency === 10 && row.mode === 'stream' && row.name === name);
const budget = 2 * ttftAt10('fetch').result.ttft(0.5);
console.log('\nTime to first token at 10 streams against 2x bare fetch:');
let isMissed = false;
for (const name of ['node:http (the gateway)', 'openai', 'AI SDK']) {
  const p50 = ttftAt10(name).result.ttft(0.5);
  // A row whose calls failed says nothing about its speed (NaN compares false: missed).
  const isWithin = p50 <= budget && ttftAt10(name).result.failures === 0;
  if (name === 'node:http (the gateway)' && !isWithin) isMissed = true;
  console.log(`- ${name}: ${p50.toFixed(2)} ms (budget ${budget.toFixed(2)} ms) ${isWithin ? 'ok' : 'MISSED'}`);
}
if (isMissed) process.exitCode = 1;
