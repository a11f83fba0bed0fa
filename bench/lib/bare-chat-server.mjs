// The baseline of bench/widget-chat.mjs and bench/llm-gateway.mjs, run as its own process like the product server: a bare
// Fastify route that takes the widget's chat body and forwards the message to the same fake
// OpenAI-compatible provider, whole or streamed, answering in the widget's own shapes
// ({ message } or `data:` delta / done events). No database, no limits, no credits: what is
// left is the HTTP hop, JSON work and the provider call. Prints "listening <url>" when ready.
// With FLOOR_DATABASE_URL (PostgreSQL) it is the floor instead: the same forwarder, plus what no
// product can skip, the turn (question and answer) stored in one durable INSERT before the answer
// ends, on a pool of 10 like the server's. Nothing else: no lookups, no limits, no credits. With
// FLOOR_READ_BEFORE=1 as well it is the floor of a call that must ask the database before the
// provider (the public API's lock check, the widget's daily limit): one read round trip (`select 1`) before the provider is called.
// With FLOOR_PGLITE_DIR instead it is the same floor on PGlite, the embedded default, as the server
// runs it: a PGlite database in that directory on the server's database worker (a thread of its own,
// the server's session settings), its two statements run by the server's own runner of named
// statements (parsed once, then one call each, its files synced after it).
// With FLOOR_LIMITS=1 as well, the read before the provider becomes what the widget's limits must
// do at the least: the day's count raised in one upsert of one counter row (its commit not waiting
// for the disk, as the product's), and, with FLOOR_REDIS_URL, both per-minute counters (visitor and
// IP) hit in one round trip to Redis by the product's script (INCR and PEXPIRE NX per key), the two
// sent together. No reservation, no conversation read, no lookups.
// Usage: FAKE_PROVIDER_URL=http://127.0.0.1:1234/v1 node bench/lib/bare-chat-server.mjs
import Fastify from 'fastify';
import pg from 'pg';

const providerUrl = process.env.FAKE_PROVIDER_URL;
if (!providerUrl) throw new Error('FAKE_PROVIDER_URL is required');
const SYSTEM = 'You are a benchmark agent.';

const app = Fastify({ logger: false });
const CREATE_TABLE =
  'create table if not exists bench_floor_turn (id bigserial primary key, question text not null, answer text not null, created_at timestamptz not null default now())';
const INSERT_TURN = 'insert into bench_floor_turn (question, answer) values ($1, $2)';
const READ = 'select 1';
const CREATE_COUNT_TABLE =
  'create table if not exists bench_floor_daily_count (day date primary key, count integer not null)';
const COUNT_DAILY = `with s as (select set_config('synchronous_commit', 'off', true) as setting)
  insert into bench_floor_daily_count as c (day, count) select current_date, 1 from s where setting = 'off'
  on conflict (day) do update set count = c.count + 1 where c.count < 1000000000 returning count`;

/**
 * The floor on PGlite, run as the server runs PGlite on its files: on the server's database worker
 * (its PGlite on a thread of its own, with the server's session settings and migrations), the two
 * statements run there by the server's own runner of named statements (loaded from the server's
 * source through tsx), so each statement costs what one of the server's hot statements costs, with
 * less work in it.
 */
async function openPgliteFloor(dataDir) {
  const { tsImport } = await import('tsx/esm/api');
  const source = '../../apps/server/src';
  const [{ PgliteOnWorker }, { migrationsFolder }] = await Promise.all([
    tsImport(`${source}/platform/db/pglite-on-worker.ts`, import.meta.url),
    tsImport(`${source}/paths.ts`, import.meta.url),
  ]);
  const client = await PgliteOnWorker.open({ location: dataDir, migrationsFolder });
  await client.query(CREATE_TABLE);
  await client.query(CREATE_COUNT_TABLE);
  const names = new Map([
    [READ, 'floor_read'],
    [INSERT_TURN, 'floor_insert'],
    [COUNT_DAILY, 'floor_count_daily'],
  ]);
  return {
    query: (text, values = []) => client.prepared.run(names.get(text), text, values),
    end: () => client.close(),
  };
}

const pool = process.env.FLOOR_DATABASE_URL
  ? new pg.Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: 10 })
  : process.env.FLOOR_PGLITE_DIR
    ? await openPgliteFloor(process.env.FLOOR_PGLITE_DIR)
    : undefined;
if (pool instanceof pg.Pool) {
  await pool.query(CREATE_TABLE);
  await pool.query(CREATE_COUNT_TABLE);
}
const store = (question, answer) => pool?.query(INSERT_TURN, [question, answer]);

const isReadBefore = pool !== undefined && process.env.FLOOR_READ_BEFORE === '1';
const isLimits = isReadBefore && process.env.FLOOR_LIMITS === '1';
const redis = isLimits && process.env.FLOOR_REDIS_URL ? await openRedis(process.env.FLOOR_REDIS_URL) : undefined;

/** Redis with the server's own counter script (loaded from its source through tsx). */
async function openRedis(url) {
  const [{ Redis }, { tsImport }] = await Promise.all([import('ioredis'), import('tsx/esm/api')]);
  const { HIT_COUNTERS_SCRIPT } = await tsImport(
    '../../apps/server/src/platform/cache/create-cache.ts',
    import.meta.url,
  );
  const client = new Redis(url, { maxRetriesPerRequest: 2, keyPrefix: `bench-floor:${process.pid}:` });
  client.defineCommand('hitCounters', { lua: HIT_COUNTERS_SCRIPT });
  return client;
}

let visitorCount = 0;
/** The limits' floor: the day's counter, and both per-minute counters in the cache store, together. */
function countLimits() {
  visitorCount = (visitorCount + 1) % 50;
  return Promise.all([
    pool.query(COUNT_DAILY),
    redis?.hitCounters(2, `visitor:${visitorCount}`, 'ip:127.0.0.1', 60_000, 60_000),
  ]);
}

app.post('/chat', async (request, reply) => {
  const stream = request.query.stream === '1';
  if (isLimits) await countLimits();
  else if (isReadBefore) await pool.query(READ);
  const upstream = await fetch(`${providerUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' },
    body: JSON.stringify({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: request.body.message },
      ],
      stream,
    }),
  });
  if (!stream) {
    const completion = await upstream.json();
    const message = completion.choices[0].message.content;
    await store(request.body.message, message);
    return { message, threadId: 'bare', widgetConversationThreadId: 'bare' };
  }
  reply.hijack();
  reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const decoder = new TextDecoder();
  let buffered = '';
  let message = '';
  for await (const chunk of upstream.body) {
    buffered += decoder.decode(chunk, { stream: true });
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
      const text = JSON.parse(line.slice(6)).choices?.[0]?.delta?.content;
      if (!text) continue;
      message += text;
      reply.raw.write(`data: ${JSON.stringify({ type: 'delta', text })}\n\n`);
    }
  }
  await store(request.body.message, message);
  reply.raw.end(
    `data: ${JSON.stringify({ type: 'done', reply: { message, threadId: 'bare', widgetConversationThreadId: 'bare' } })}\n\n`,
  );
});

const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${url}`);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => void Promise.all([app.close(), pool?.end(), redis?.quit()]).then(() => process.exit(0)));
