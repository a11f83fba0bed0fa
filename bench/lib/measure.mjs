// A small closed-loop load generator: `concurrency` workers share `requests` requests.
export async function measure({ url, headers = {}, concurrency, requests, method = 'GET', body }) {
  const latencies = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  async function worker() {
    while (next < requests) {
      next += 1;
      const t0 = performance.now();
      const response = await fetch(url, { method, headers, body });
      await response.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (!response.ok) failures += 1;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pick = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { requests: latencies.length, failures, p50: pick(0.5), p99: pick(0.99), rps: latencies.length / elapsed };
}

export function formatRow(name, result) {
  const failures = result.failures ? ` (${result.failures} failed)` : '';
  return `| ${name} | ${result.requests}${failures} | ${result.p50.toFixed(2)} | ${result.p99.toFixed(2)} | ${Math.round(result.rps)} |`;
}

/**
 * One POST: total time and, for a stream, the time until the body first matches
 * `firstTokenPattern` (the first non-empty text delta). `isOk` needs a 2xx and `expectText`.
 */
export async function timeCall({ url, headers = {}, body, firstTokenPattern, expectText }) {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  let ttft;
  let text = '';
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    text += decoder.decode(chunk, { stream: true });
    if (firstTokenPattern && ttft === undefined && firstTokenPattern.test(text)) ttft = performance.now() - started;
  }
  const total = performance.now() - started;
  return { total, ttft: ttft ?? total, isOk: response.ok && text.includes(expectText), status: response.status, text };
}

/**
 * Calls of each kind made before a row is measured (BENCH_WARMUP; at least one per worker). The
 * rows are the steady state of a server that has answered many messages: V8 runs a function in
 * its interpreter and baseline compiler until it has been called often enough, then optimizes it
 * on background threads, and that compiling counts in the process's CPU time. With 20 warm-up
 * calls the one-caller rows measured that start-up: the widget server spent 2.83 ms of CPU a
 * message at one visitor against 1.30 ms after 1,000 calls, the same code (docs/benchmarks.md,
 * "ninth session").
 */
export const WARMUP_CALLS = (() => {
  const calls = Number(process.env.BENCH_WARMUP ?? 1000);
  if (!Number.isInteger(calls) || calls < 0)
    throw new Error(`BENCH_WARMUP must be a whole number, not ${process.env.BENCH_WARMUP}`);
  return calls;
})();

/**
 * Runs `call` WARMUP_CALLS times (or once per worker, if more) before a row is measured. Failed
 * warm-up calls (a limit hit, a wrong answer) are printed on stderr: the row after them was
 * warmed by cheaper refusals.
 */
export async function warmUp(call, { concurrency }) {
  const result = await runCalls(call, { concurrency, requests: Math.max(WARMUP_CALLS, concurrency) });
  if (result.failures > 0)
    console.warn(`Warm-up: ${result.failures} calls failed; the first: ${result.firstFailure ?? 'no detail'}`);
  return result;
}

/**
 * A closed loop of `concurrency` workers sharing `requests` calls of `call(worker index)`;
 * p50 and p99 of each timing, calls per second while every worker was busy (collectCalls),
 * failures and the first failure's detail.
 */
export async function runCalls(call, { concurrency, requests }) {
  return summarizeCalls(await collectCalls(call, { concurrency, requests }));
}

/**
 * Slices a row is measured in by runInterleaved (BENCH_SLICES, default 5): each kind of call runs
 * its share of the row's calls in every slice, the kinds in turn. Read when a row is measured.
 */
function readSlices() {
  const slices = Number(process.env.BENCH_SLICES ?? 5);
  if (!Number.isInteger(slices) || slices < 1)
    throw new Error(`BENCH_SLICES must be a whole number of at least 1, not ${process.env.BENCH_SLICES}`);
  return slices;
}

/**
 * Several kinds of call measured side by side for one row: BENCH_SLICES rounds, each running every
 * kind in turn for its share of `requests` (the order rotated every round), so that a drift of the
 * machine's speed during the row moves every kind alike instead of the one measured last. A kind's
 * `meter`, if any, is read around each of its slices: `start()` before, `stop(started)` after (the
 * CPU time of the processes serving it, say). Answers, per kind in the order given, what runCalls
 * answers, over all its slices (`requests` calls of each kind in all).
 */
export async function runInterleaved(kinds, { concurrency, requests }) {
  const slices = readSlices();
  const collected = kinds.map(() => ({
    totals: [],
    ttfts: [],
    steadyCalls: 0,
    steadyMs: 0,
    failures: 0,
    firstFailure: undefined,
  }));
  for (let slice = 0; slice < slices; slice += 1) {
    const share = Math.floor(((slice + 1) * requests) / slices) - Math.floor((slice * requests) / slices);
    for (let turn = 0; turn < kinds.length; turn += 1) {
      const index = (turn + slice) % kinds.length;
      const { call, meter } = kinds[index];
      const started = meter?.start();
      const part = await collectCalls(call, { concurrency, requests: share });
      meter?.stop(started);
      const into = collected[index];
      into.totals.push(...part.totals);
      into.ttfts.push(...part.ttfts);
      into.steadyCalls += part.steadyCalls;
      into.steadyMs += part.steadyMs;
      into.failures += part.failures;
      into.firstFailure ??= part.firstFailure;
    }
  }
  return collected.map(summarizeCalls);
}

/**
 * The calls of one closed loop, with what its throughput is read from: the calls that ended while
 * every worker still had one to make (until the last call started), over that time. The loop's
 * drain at the end, when fewer and fewer workers are busy, is left out: it lasts about as long as
 * the slowest of the last calls, so it would weigh on a kind with a long tail of slow calls more
 * than on another, and a row measured in slices has one drain per slice.
 */
async function collectCalls(call, { concurrency, requests }) {
  const totals = [];
  const ttfts = [];
  const endedAt = [];
  let next = 0;
  let failures = 0;
  let firstFailure;
  let lastStartedAt;
  const started = performance.now();
  async function worker(index) {
    while (next < requests) {
      next += 1;
      if (next === requests) lastStartedAt = performance.now();
      const result = await call(index);
      endedAt.push(performance.now());
      totals.push(result.total);
      ttfts.push(result.ttft);
      if (!result.isOk) {
        failures += 1;
        firstFailure ??= `${result.status ?? ''} ${String(result.text ?? '').slice(0, 300)}`;
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, (_, index) => worker(index)));
  const steadyCalls = endedAt.filter((at) => at <= lastStartedAt).length;
  // Too few calls for a steady part (no more calls than workers): the whole loop.
  return steadyCalls > 0
    ? { totals, ttfts, steadyCalls, steadyMs: lastStartedAt - started, failures, firstFailure }
    : { totals, ttfts, steadyCalls: totals.length, steadyMs: performance.now() - started, failures, firstFailure };
}

function summarizeCalls({ totals, ttfts, steadyCalls, steadyMs, failures, firstFailure }) {
  const percentiles = (values) => {
    values.sort((a, b) => a - b);
    const pick = (q) => values[Math.min(values.length - 1, Math.floor(q * values.length))];
    return { p50: pick(0.5), p99: pick(0.99) };
  };
  return {
    total: percentiles(totals),
    ttft: percentiles(ttfts),
    rps: steadyCalls / (steadyMs / 1000),
    calls: totals.length,
    failures,
    firstFailure,
  };
}
