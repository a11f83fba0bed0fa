// `node bench/campaigns.mjs`: campaign throughput at a 100 msg/s rate limit. The sender
// (apps/server/src/modules/campaigns/run-campaign-job.ts, as the queue worker runs it) sends
// BENCH_CAMPAIGN_RECIPIENTS (2,000) recipients through the official `twilio` client to the
// tests' fake Twilio on loopback, which answers every create after BENCH_LATENCY_MS (40 ms, like
// Twilio's API). Every send is a committed claim, the provider call, and the recorded result with
// its conversation message. Achieved rate = messages / (last send - first send), read from the
// fake's own log. Exits non-zero when the achieved rate is below 90 msg/s. Bounded: loopback only,
// one campaign, stops by itself. DATABASE_URL: PostgreSQL instead of in-memory PGlite.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';

const RECIPIENTS = Number(process.env.BENCH_CAMPAIGN_RECIPIENTS ?? 2000);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 40);
const RATE = 100;
const FLOOR = 90;

const load = (path) => tsImport(path, import.meta.url);
const { openDatabase } = await load('../apps/server/src/platform/db/database.ts');
const { organization } = await load('../apps/server/src/modules/auth/auth.tables.ts');
const { channelConnection, channelContact } = await load('../apps/server/src/modules/channels/channels.tables.ts');
const { campaign, campaignRecipient } = await load('../apps/server/src/modules/campaigns/campaigns.tables.ts');
const { runCampaignJob } = await load('../apps/server/src/modules/campaigns/run-campaign-job.ts');
const { createTwilioMessagingProvider } = await load(
  '../apps/server/src/modules/channels/twilio-messaging-provider.ts',
);
const { startFakeTwilioServer } = await load('../apps/server/src/test/fake-twilio-server.ts');
const { createLiveEvents } = await load('../apps/server/src/platform/events/create-live-events.ts');
const { eq } = await import('drizzle-orm');
const pino = (await import('pino')).default;

const serverUrl = process.env.DATABASE_URL;
const databaseName = `agentry_bench_${randomBytes(5).toString('hex')}`;
async function createDatabase() {
  if (!serverUrl) return openDatabase({});
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return openDatabase({ url: url.toString(), poolSize: 20 });
}
async function dropDatabase() {
  if (!serverUrl) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
}

const account = { accountSid: `AC${'7'.repeat(32)}`, authToken: 'bench-token' };
const fake = await startFakeTwilioServer({ accounts: [account], autoStatusCallbacks: false, sendDelayMs: LATENCY_MS });
const database = await createDatabase();
const { db } = database;
const events = createLiveEvents({});
let exitCode = 0;
try {
  const subaccountId = randomUUID();
  await db.insert(organization).values({ id: subaccountId, name: 'Bench', slug: `bench-${subaccountId}` });
  const connectionId = randomUUID();
  await db.insert(channelConnection).values({
    id: connectionId,
    subaccountId,
    serviceType: 'sms',
    name: 'Bench line',
    status: 'active',
    settings: { smsFrom: '+15550001111' },
  });
  const campaignId = randomUUID();
  await db.insert(campaign).values({
    id: campaignId,
    subaccountId,
    connectionId,
    channel: 'sms',
    name: 'Bench campaign',
    messageTemplate: 'Hi {{firstName}}, your appointment is tomorrow.',
    sendRate: RATE,
    status: 'sending',
  });
  const contacts = Array.from({ length: RECIPIENTS }, (_, index) => ({
    id: randomUUID(),
    connectionId,
    channel: 'sms',
    address: `+1415${String(2_000_000 + index).padStart(7, '0')}`,
  }));
  for (let start = 0; start < contacts.length; start += 1000) {
    const part = contacts.slice(start, start + 1000);
    await db.insert(channelContact).values(part);
    await db.insert(campaignRecipient).values(
      part.map((contact, index) => ({
        id: randomUUID(),
        campaignId,
        contactId: contact.id,
        address: contact.address,
        variables: { firstName: `Person${start + index}` },
      })),
    );
  }

  const provider = createTwilioMessagingProvider({
    credentials: account,
    senders: { smsFrom: '+15550001111' },
    apiBase: fake.url,
  });
  const started = performance.now();
  await runCampaignJob({
    db,
    logger: pino({ level: 'warn' }),
    events,
    campaignId,
    workerId: 'bench',
    resolveProvider: () => provider,
    shutdownSignal: new AbortController().signal,
  });
  const wallSeconds = (performance.now() - started) / 1000;
  const times = fake.messages.map((message) => message.createdAtMs).sort((a, b) => a - b);
  const spanSeconds = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 1000;
  const achieved = (times.length - 1) / spanSeconds;
  const [row] = await db.select({ status: campaign.status }).from(campaign).where(eq(campaign.id, campaignId));
  const distinct = new Set(fake.messages.map((message) => message.to)).size;
  console.log('| benchmark | database | messages | provider latency ms | wall s | achieved msg/s | target |');
  console.log('|---|---|---|---|---|---|---|');
  console.log(
    `| campaign send at ${RATE} msg/s | ${serverUrl ? 'PostgreSQL' : 'PGlite'} | ${times.length} | ${LATENCY_MS} | ${wallSeconds.toFixed(2)} | ${achieved.toFixed(1)} | >= ${FLOOR} |`,
  );
  if (times.length !== RECIPIENTS || distinct !== RECIPIENTS || row?.status !== 'completed') {
    console.error(`FAIL: ${times.length} messages to ${distinct} numbers, campaign ${row?.status}`);
    exitCode = 1;
  } else if (achieved < FLOOR) {
    console.error(`FAIL: achieved ${achieved.toFixed(1)} msg/s < ${FLOOR}`);
    exitCode = 1;
  }
} finally {
  await events.close();
  await database.close();
  await fake.close();
  await dropDatabase();
}
process.exit(exitCode);
