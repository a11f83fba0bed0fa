// `DATABASE_URL=postgres://... node bench/credits.mjs`: credit spends per second through the real
// ledger code (one conditional UPDATE and its ledger entry per spend, in one transaction), at 1,
// 10 and 50 concurrent clients, printed as a markdown table. Without DATABASE_URL it runs on
// in-memory PGlite (one session: concurrency only queues). Bounded: a fixed number of spends per
// row, a throw-away database that is dropped at the end.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';

const SPENDS_PER_ROW = 3000;
const CONCURRENCY = [1, 10, 50];

const load = (path) => tsImport(path, import.meta.url);
const { openDatabase } = await load('../apps/server/src/platform/db/database.ts');
const { spendCredits } = await load('../apps/server/src/modules/credits/spend-credits.ts');
const { reserveCredits } = await load('../apps/server/src/modules/credits/reserve-credits.ts');
const { settleCredits } = await load('../apps/server/src/modules/credits/settle-credits.ts');
const { grantBonusCredits } = await load('../apps/server/src/modules/credits/grant-credits.ts');
const { getCreditBalance } = await load('../apps/server/src/modules/credits/get-credit-balance.ts');
const { user } = await load('../apps/server/src/modules/auth/auth.tables.ts');
const { creditLedger } = await load('../apps/server/src/modules/credits/credits.tables.ts');
const { eq, sql } = await import('drizzle-orm');

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
  return openDatabase({ url: url.toString(), poolSize: Math.max(...CONCURRENCY) + 5 });
}

async function dropDatabase() {
  if (!serverUrl) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
}

async function createFundedUser(db, credits) {
  const id = `bench-${randomBytes(6).toString('hex')}`;
  await db.insert(user).values({ id, name: 'Bench', email: `${id}@bench.test`, emailVerified: true });
  await grantBonusCredits({
    db,
    billingUserId: id,
    millicredits: credits * 1000,
    idempotencyKey: `bench-fund:${id}`,
    reference: 'bench',
    kind: 'adjustment',
  });
  return id;
}

/** `concurrency` workers share `total` operations; answers latency quantiles and throughput. */
async function run(concurrency, total, operation) {
  const latencies = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  async function worker() {
    while (next < total) {
      const index = next;
      next += 1;
      const t0 = performance.now();
      try {
        await operation(index);
      } catch {
        failures += 1;
      }
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pick = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return {
    operations: latencies.length,
    failures,
    p50: pick(0.5),
    p99: pick(0.99),
    perSecond: latencies.length / elapsed,
  };
}

async function assertLedgerMatches(db, userId) {
  const [sum] = await db
    .select({ total: sql`coalesce(sum(${creditLedger.planDelta} + ${creditLedger.bonusDelta}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  const balance = await getCreditBalance({ db, billingUserId: userId });
  if (Number(sum.total) !== balance.totalMillicredits)
    throw new Error(`ledger ${sum.total} != balance ${balance.totalMillicredits} for ${userId}`);
}

const database = await createDatabase();
const { db } = database;
const rows = [];
try {
  for (const concurrency of CONCURRENCY) {
    // One agency under load: every client spends from the same balance row (the contended case).
    const hotUser = await createFundedUser(db, SPENDS_PER_ROW * 2);
    const hot = await run(concurrency, SPENDS_PER_ROW, (index) =>
      spendCredits({
        db,
        billingUserId: hotUser,
        millicredits: 1000,
        idempotencyKey: `bench:${hotUser}:${index}`,
        reason: 'bench',
      }),
    );
    await assertLedgerMatches(db, hotUser);
    rows.push([`spendCredits, one billing user, ${concurrency} client${concurrency > 1 ? 's' : ''}`, hot]);

    // Many agencies: each client spends from its own balance row.
    const users = await Promise.all(Array.from({ length: concurrency }, () => createFundedUser(db, SPENDS_PER_ROW)));
    const spread = await run(concurrency, SPENDS_PER_ROW, (index) => {
      const billingUserId = users[index % users.length];
      return spendCredits({
        db,
        billingUserId,
        millicredits: 1000,
        idempotencyKey: `bench:${billingUserId}:${index}`,
        reason: 'bench',
      });
    });
    for (const id of users) await assertLedgerMatches(db, id);
    rows.push([`spendCredits, one user per client, ${concurrency} client${concurrency > 1 ? 's' : ''}`, spread]);

    // The LLM path: reserve the estimate, settle the real cost (two transactions).
    const chatUser = await createFundedUser(db, SPENDS_PER_ROW * 4);
    const usage = {
      model: 'bench-model',
      provider: 'bench',
      inputTokens: 100,
      outputTokens: 50,
      costUsd: 0.002,
      source: 'bench',
      subaccountId: 'bench',
    };
    const held = await run(concurrency, SPENDS_PER_ROW, async () => {
      const { holdId } = await reserveCredits({ db, billingUserId: chatUser, millicredits: 2000, reference: 'bench' });
      await settleCredits({ db, holdId, millicredits: 1000, usage });
    });
    await assertLedgerMatches(db, chatUser);
    rows.push([`reserve + settle, one billing user, ${concurrency} client${concurrency > 1 ? 's' : ''}`, held]);
  }
} finally {
  await database.close();
  await dropDatabase();
}

console.log(
  `\nCredit ledger, ${serverUrl ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} cores, Node ${process.version}\n`,
);
console.log('| benchmark | operations | p50 ms | p99 ms | per second |');
console.log('|---|---|---|---|---|');
for (const [name, result] of rows) {
  const failures = result.failures ? ` (${result.failures} failed)` : '';
  console.log(
    `| ${name} | ${result.operations}${failures} | ${result.p50.toFixed(2)} | ${result.p99.toFixed(2)} | ${Math.round(result.perSecond)} |`,
  );
}
