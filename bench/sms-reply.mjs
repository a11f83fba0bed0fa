// `node bench/sms-reply.mjs` (after `npm run build`): the SMS inbound-to-reply path. The fake
// Twilio (apps/server/src/test/fake-twilio-server.ts through tsx) posts a signed inbound SMS to
// the built server's webhook; the server answers empty TwiML, its queue job asks the LLM gateway
// (the tests' fake OpenAI-compatible server, answering at once) and sends the reply through the
// `twilio` package back to the fake. Measured: webhook answer time, and inbound-to-reply time
// minus the model's own time (the fake provider called directly). Each message comes from a new
// number (a new contact and thread), then each number sends a second message (continued
// thread). Bounded: loopback only, BENCH_REQUESTS messages. Prints markdown.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { timeCall } from './lib/measure.mjs';
import { apiClient, createBenchAgent, signIn, waitForHealth } from './lib/server.mjs';
import { startFakeBackedServer } from './lib/start-fake-backed-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'apps/server/dist/main.js');
if (!fs.existsSync(entry)) {
  console.error('Build first: npm run build');
  process.exit(1);
}
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const ACCOUNT = { accountSid: `AC${'b'.repeat(32)}`, authToken: 'bench-auth-token' };
const { startFakeTwilioServer } = await tsImport('../apps/server/src/test/fake-twilio-server.ts', import.meta.url);
const twilio = await startFakeTwilioServer({ accounts: [ACCOUNT], autoStatusCallbacks: false });
const { fake, server, baseUrl, stop } = await startFakeBackedServer({
  entry,
  answer: 'Thanks, we open at 9 tomorrow.',
  dataDirPrefix: 'agentry-bench-sms-',
  env: { TWILIO_API_BASE: twilio.url },
});

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const row = (name, values) =>
  `| ${name} | ${values.length} | ${percentile(values, 50).toFixed(1)} | ${percentile(values, 95).toFixed(1)} | ${Math.max(...values).toFixed(1)} |`;

try {
  await waitForHealth(baseUrl, { server });
  const api = apiClient(baseUrl, await signIn(baseUrl, `bench-sms-${Date.now()}@agentry.test`));
  const { subaccountId, agent } = await createBenchAgent(api);
  const connection = await api('POST', `/api/subaccounts/${subaccountId}/sms-connections`, {
    name: 'Bench SMS',
    agentId: agent.buildId,
    smsFrom: '+15005550006',
    credentials: ACCOUNT,
  });

  const model = [];
  for (let index = 0; index < 20; index += 1) {
    const result = await timeCall({
      url: `${fake.url}/chat/completions`,
      headers: { authorization: 'Bearer sk-bench' },
      body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'When do you open?' }] },
      expectText: 'Thanks',
    });
    if (!result.isOk) throw new Error(`fake provider answered ${result.status}`);
    model.push(result.total);
  }
  const modelMedian = percentile(model, 50);

  const webhook = [];
  const added = { first: [], second: [] };
  for (const round of ['first', 'second']) {
    for (let index = 0; index < REQUESTS; index += 1) {
      const number = `+1415555${String(index).padStart(4, '0')}`;
      const before = twilio.sentTo(number).length;
      const started = performance.now();
      const response = await twilio.sendInbound({
        url: connection.webhookUrls.inbound,
        accountSid: ACCOUNT.accountSid,
        from: number,
        to: '+15005550006',
        body: `When do you open? (${round})`,
      });
      webhook.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`webhook answered ${response.status}: ${response.body}`);
      while (twilio.sentTo(number).length === before) {
        if (performance.now() - started > 30_000) throw new Error('no reply within 30 s');
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      added[round].push(performance.now() - started - modelMedian);
    }
  }

  console.log(`\nSMS inbound to reply (${REQUESTS} contacts, ${new Date().toISOString().slice(0, 10)}), ms\n`);
  console.log('| measure | n | p50 | p95 | max |');
  console.log('|---|---|---|---|---|');
  console.log(row('model alone (fake provider, direct)', model));
  console.log(row('webhook answered (signed POST to empty TwiML)', webhook));
  console.log(row('inbound to reply sent, minus model: new contact', added.first));
  console.log(row('inbound to reply sent, minus model: continued thread', added.second));
} finally {
  await stop();
  await twilio.close();
}
