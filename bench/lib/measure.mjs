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
