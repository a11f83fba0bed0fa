// A PostgreSQL database of its own for one bench run, on the server DATABASE_URL names: created
// empty (the server under test migrates it) and dropped afterwards. Every run starts from the same
// tables, whatever earlier runs left: where autovacuum is off (this machine), dead rows pile up and
// a run on a shared database measures them.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs `work` with a client of the database at `url`, closed after. */
export async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Undefined without DATABASE_URL (the server then runs on PGlite); else the new database's URL and how to drop it.
 * With BENCH_AUTO_EXPLAIN=<sample rate> (0.02: one statement in fifty) its sessions load PostgreSQL's
 * auto_explain and log the plans they ran, with times and buffers, to the server's log. With
 * BENCH_LOG_DURATIONS=1 they log every statement's duration (bench/statement-durations.mjs sums them up).
 */
export async function createBenchDatabase() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return undefined;
  const sampleRate = Number(process.env.BENCH_AUTO_EXPLAIN ?? 0);
  if (!(sampleRate >= 0 && sampleRate <= 1)) throw new Error('BENCH_AUTO_EXPLAIN is a sample rate from 0 to 1');
  const name = `agentry_bench_${randomBytes(5).toString('hex')}`;
  await withClient(serverUrl, async (client) => {
    await client.query(`create database ${name}`);
    if (process.env.BENCH_LOG_DURATIONS === '1')
      await client.query(`alter database ${name} set log_min_duration_statement = 0`);
    if (sampleRate > 0) {
      for (const setting of [
        "session_preload_libraries = 'auto_explain'",
        'auto_explain.log_min_duration = 0',
        'auto_explain.log_analyze = on',
        'auto_explain.log_buffers = on',
        'auto_explain.log_nested_statements = on',
        `auto_explain.sample_rate = ${sampleRate}`,
      ])
        await client.query(`alter database ${name} set ${setting}`);
    }
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}
