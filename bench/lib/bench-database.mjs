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

/** Undefined without DATABASE_URL (the server then runs on PGlite); else the new database's URL and how to drop it. */
export async function createBenchDatabase() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return undefined;
  const name = `agentry_bench_${randomBytes(5).toString('hex')}`;
  await withClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}
