import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../../test/create-postgres-test-database';
import { openDatabase, type DatabaseHandle } from './database';
import { openPipelinedConnections, type PipelinedConnections } from './pipelined-connections';
import { prepareStatement } from './prepare-statement';
import { rowsOf } from './rows-of';
import { runPreparedStatement } from './run-prepared-statement';

const serverUrl = process.env.DATABASE_URL;

const backendPid = prepareStatement<Record<string, never>>('test_backend_pid', sql`select pg_backend_pid() as pid`);
const divide = prepareStatement<{ by: number }>(
  'test_divide',
  sql`select 10 / ${sql.placeholder('by')}::integer as quotient`,
);

/** These run on PostgreSQL only: PGlite runs in the process and has no connections. */
describe.runIf(serverUrl)('pipelined connections (PostgreSQL)', () => {
  let database: { url: string; drop: () => Promise<void> };
  let connections: PipelinedConnections;
  const reportedErrors: Error[] = [];

  beforeAll(async () => {
    database = await createPostgresTestDatabase(serverUrl!);
    connections = openPipelinedConnections({
      url: database.url,
      count: 2,
      onError: (error) => reportedErrors.push(error),
    });
  });
  afterAll(async () => {
    await connections.close();
    await database.drop();
  });

  it('answers each of many statements sent at once with its own rows, over two backends', async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        connections.query({ text: 'select $1::integer as n, pg_backend_pid() as pid' }, [index]),
      ),
    );
    expect(results.map((result) => (result.rows[0] as { n: number }).n)).toEqual(
      Array.from({ length: 200 }, (_, index) => index),
    );
    const pids = new Set(results.map((result) => (result.rows[0] as { pid: number }).pid));
    expect(pids.size).toBe(2);
    expect(connections.pending()).toEqual([0, 0]);
  });

  it('fails only the statement in error, a named one included, and the ones sent behind it still run', async () => {
    const named = (by: number) =>
      connections.query({ name: 'pipelined_divide', text: 'select 10 / $1::integer as q' }, [by]);
    const outcomes = await Promise.allSettled([named(2), named(0), named(5), named(0), named(1)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ code: '22012' });
    expect((outcomes[4] as PromiseFulfilledResult<pg.QueryResult>).value.rows).toEqual([{ q: 10 }]);
    // The prepared statement is still known on both connections: sent again, it runs.
    const again = await Promise.all([named(10), named(10), named(10)]);
    expect(again.map((result) => result.rows[0])).toEqual([{ q: 1 }, { q: 1 }, { q: 1 }]);
  });

  it('opens a lost connection again for the next statement', async () => {
    const before = await Promise.all([
      connections.query({ text: 'select pg_backend_pid() as pid' }),
      connections.query({ text: 'select pg_backend_pid() as pid' }),
    ]);
    const pids = before.map((result) => (result.rows[0] as { pid: number }).pid);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query('select pg_terminate_backend(pid) from unnest($1::integer[]) as pid', [pids]);
    await admin.end();
    // The server closes them; the first statements may still find a connection closing.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await Promise.all(
      Array.from({ length: 4 }, () => connections.query({ text: 'select pg_backend_pid() as pid' })),
    );
    const newPids = after.map((result) => (result.rows[0] as { pid: number }).pid);
    expect(newPids.some((pid) => pids.includes(pid))).toBe(false);
    expect(connections.pending()).toEqual([0, 0]);
    // An administrator's shutdown, and pg's "terminated unexpectedly" after it, are not reported as errors.
    expect(reportedErrors).toEqual([]);
  });

  it('rejects the statement, without hanging, when the database cannot be reached; then closes', async () => {
    const unreachable = new URL(database.url);
    unreachable.port = '1';
    const lost = openPipelinedConnections({ url: unreachable.toString(), count: 1 });
    await expect(lost.query({ text: 'select 1' })).rejects.toThrow();
    await expect(lost.query({ text: 'select 1' })).rejects.toThrow();
    expect(lost.pending()).toEqual([0]);
    await lost.close();
    await expect(lost.query({ text: 'select 1' })).rejects.toThrow('The database is closed');
  });

  describe('as the route of runPreparedStatement', () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await openDatabase({ url: database.url, pipelinedConnections: 1 });
      await handle.db.execute(sql`create table pipelined_probe (id integer primary key)`);
    });
    afterAll(() => handle.close());

    it('sends statements on the database itself over the pipelined connection', async () => {
      const rows = await Promise.all(
        Array.from({ length: 20 }, () =>
          runPreparedStatement<{ pid: number }, Record<string, never>>(handle.db, backendPid, {}),
        ),
      );
      // The pool would have opened several connections for 20 statements at once.
      expect(new Set(rows.map(([row]) => row!.pid)).size).toBe(1);
      const [quotient] = await runPreparedStatement<{ quotient: number }, { by: number }>(handle.db, divide, { by: 5 });
      expect(quotient).toEqual({ quotient: 2 });
    });

    it('keeps a transaction’s statements on its own connection: they roll back with it', async () => {
      const insert = prepareStatement<{ id: number }>(
        'test_pipelined_probe_insert',
        sql`insert into pipelined_probe (id) values (${sql.placeholder('id')}::integer)`,
      );
      await expect(
        handle.db.transaction(async (tx) => {
          await runPreparedStatement(tx, insert, { id: 1 });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      await runPreparedStatement(handle.db, insert, { id: 2 });
      const result: unknown = await handle.db.execute(sql`select id from pipelined_probe order by id`);
      expect(rowsOf(result)).toEqual([{ id: 2 }]);
    });
  });
});
