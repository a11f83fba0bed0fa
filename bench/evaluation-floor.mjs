// `node bench/evaluation-floor.mjs`: the floor under bench/evaluation.mjs on this machine. The same
// fake provider (20 ms), the same 1,800 calls in 20 concurrent chains, but no server: the calls
// go straight from this process with `fetch` (what the AI SDK uses), or with the AI SDK's
// generateText. Whatever this takes, no server can beat: it does the same calls and more.
import { fork } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText } from 'ai';

// The fake runs in a process of its own (as in bench/evaluation.mjs, where it is apart from the server).
const child = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), 'lib', 'fake-provider-process.mjs'));
const fakeUrl = await new Promise((resolve) => child.once('message', resolve));
const fake = { url: fakeUrl, close: () => child.kill() };
const CALLS = 1800;
const CHAINS = 20;
const body = JSON.stringify({
  model: 'gpt-4o-mini',
  messages: [
    { role: 'system', content: 'You are SolarBot.' },
    { role: 'user', content: 'Hello?' },
  ],
});

async function chains(call) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CHAINS }, async () => {
      for (let index = 0; index < CALLS / CHAINS; index += 1) await call();
    }),
  );
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMsPerCall: (used.user + used.system) / 1000 / CALLS };
}

const viaFetch = () =>
  fetch(`${fake.url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
    (response) => response.json(),
  );
const provider = createOpenAICompatible({ name: 'openai', baseURL: fake.url, includeUsage: true });
const model = provider.chatModel('gpt-4o-mini');
const viaSdk = () =>
  generateText({ model, system: 'You are SolarBot.', messages: [{ role: 'user', content: 'Hello?' }], maxRetries: 0 });

await chains(viaFetch);
const fetchResult = await chains(viaFetch);
await chains(viaSdk);
const sdkResult = await chains(viaSdk);
const ideal = (CALLS * 20) / CHAINS;
console.log('| client | ideal ms | ms | ratio | client CPU ms per call |');
console.log('|---|---|---|---|---|');
console.log(
  `| fetch | ${ideal} | ${fetchResult.ms.toFixed(0)} | ${(fetchResult.ms / ideal).toFixed(2)} | ${fetchResult.cpuMsPerCall.toFixed(2)} |`,
);
console.log(
  `| AI SDK generateText | ${ideal} | ${sdkResult.ms.toFixed(0)} | ${(sdkResult.ms / ideal).toFixed(2)} | ${sdkResult.cpuMsPerCall.toFixed(2)} |`,
);
await fake.close();
