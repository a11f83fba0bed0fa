import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPgliteSnapshot } from '../../test/load-pglite-snapshot';
import { openDatabase, type DatabaseHandle } from './database';
import { createPglitePreparedStatements } from './pglite-prepared-statements';
import { prepareStatement } from './prepare-statement';
import { rowsOf } from './rows-of';
import { runPreparedStatement } from './run-prepared-statement';

type TypedValues = { at: string; day: string; amount: string; flag: boolean; note: string | null };
const typed = prepareStatement<TypedValues>(
  'test_pglite_typed',
  sql`select ${sql.placeholder('at')}::timestamptz as at, ${sql.placeholder('day')}::date as day,
    ${sql.placeholder('amount')}::numeric as amount, ${sql.placeholder('flag')}::boolean as flag,
    ${sql.placeholder('note')}::text as note, 41 + 1 as answer, 'x'::text as text,
    '{"a":1}'::jsonb as doc, interval '90 minutes' as span`,
);
const insert = prepareStatement<{ id: string }>(
  'test_pglite_insert',
  sql`insert into test_pglite_row (id) values (${sql.placeholder('id')}) returning id`,
);
const count = prepareStatement<Record<string, never>>(
  'test_pglite_count',
  sql`select count(*)::int as count from test_pglite_row`,
);

describe('prepared statements on PGlite', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openDatabase({ pgliteSnapshot: await loadPgliteSnapshot() });
    await handle.db.execute(sql`create table test_pglite_row (id text primary key)`);
  });
  afterAll(() => handle.close());

  it('answers rows typed as the query path types them: timestamps, dates and intervals as written', async () => {
    const values: TypedValues = {
      at: '2026-11-28T05:00:00.000Z',
      day: '2026-11-28',
      amount: '12.50',
      flag: true,
      note: null,
    };
    const [row] = await runPreparedStatement<Record<string, unknown>, TypedValues>(handle.db, typed, values);
    const viaQuery = rowsOf<Record<string, unknown>>(
      await handle.db.execute(
        sql`select ${values.at}::timestamptz as at, ${values.day}::date as day, ${values.amount}::numeric as amount,
          ${values.flag}::boolean as flag, ${values.note}::text as note, 41 + 1 as answer, 'x'::text as text,
          '{"a":1}'::jsonb as doc, interval '90 minutes' as span`,
      ),
    )[0];
    expect(row).toEqual({
      at: '2026-11-28 05:00:00+00',
      day: '2026-11-28',
      amount: '12.50',
      flag: true,
      note: null,
      answer: 42,
      text: 'x',
      doc: { a: 1 },
      span: '01:30:00',
    });
    expect(row).toEqual(viaQuery);
  });

  it('parses a statement once and runs it by name after that', async () => {
    await runPreparedStatement(handle.db, count, {});
    await runPreparedStatement(handle.db, count, {});
    const prepared = rowsOf<{ name: string }>(
      await handle.db.execute(sql`select name from pg_prepared_statements where name = 'test_pglite_count'`),
    );
    expect(prepared).toEqual([{ name: 'test_pglite_count' }]);
  });

  it("fails with PostgreSQL's error, and the next statement runs as usual", async () => {
    await runPreparedStatement(handle.db, insert, { id: 'twice' });
    await expect(runPreparedStatement(handle.db, insert, { id: 'twice' })).rejects.toMatchObject({
      cause: { code: '23505' },
    });
    expect(await runPreparedStatement(handle.db, insert, { id: 'after' })).toEqual([{ id: 'after' }]);
  });

  it('refuses a second text under a name already parsed, as node-postgres does', async () => {
    const other = prepareStatement<Record<string, never>>('test_pglite_count', sql`select 2 as count`);
    await runPreparedStatement(handle.db, count, {});
    await expect(runPreparedStatement(handle.db, other, {})).rejects.toMatchObject({
      cause: { message: expect.stringContaining('already parsed with another text') },
    });
  });

  it('waits for an open transaction instead of running inside it', async () => {
    const before = (await runPreparedStatement<{ count: number }, Record<string, never>>(handle.db, count, {}))[0]
      ?.count;
    let inserted: () => void = () => undefined;
    const isInserted = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into test_pglite_row (id) values ('in-transaction')`);
      inserted();
      await held;
      tx.rollback();
    });
    // Asked while the transaction is open with its row written: it must see the database after it.
    await isInserted;
    const reading = runPreparedStatement<{ count: number }, Record<string, never>>(handle.db, count, {});
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await expect(transaction).rejects.toThrow();
    expect((await reading)[0]?.count).toBe(before);
  });
});

/** The frontend messages of one call into PGlite, by their type letters ('B' bind, 'D' describe...). */
function messageTypes(bytes: Uint8Array): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let types = '';
  for (let offset = 0; offset < bytes.length; offset += 1 + view.getInt32(offset + 1)) {
    types += String.fromCharCode(bytes[offset] ?? 0);
  }
  return types;
}

describe('a PGlite statement described once', () => {
  let client: PGlite;
  const calls: string[] = [];

  beforeAll(async () => {
    client = new PGlite();
    await client.waitReady;
    const send = client.execProtocolStream.bind(client);
    client.execProtocolStream = (message, options) => {
      calls.push(messageTypes(message));
      return send(message, options);
    };
  });
  afterAll(() => client.close());

  it('is parsed and described on its first run, then run with bind, execute and sync alone', async () => {
    const statements = createPglitePreparedStatements(client);
    const text = 'select $1::int + 1 as next, $2::text as label';
    const first = await statements.run('test_described_once', text, [1, 'a']);
    const second = await statements.run('test_described_once', text, [41, 'b']);
    expect(first.rows).toEqual([{ next: 2, label: 'a' }]);
    expect(second.rows).toEqual([{ next: 42, label: 'b' }]);
    expect(second.fields).toEqual([
      { name: 'next', dataTypeID: 23 },
      { name: 'label', dataTypeID: 25 },
    ]);
    expect(calls).toEqual(['PDS', 'BES', 'BES']);
  });

  it('names the columns of a run that finds no rows', async () => {
    const statements = createPglitePreparedStatements(client);
    const result = await statements.run('test_described_empty', 'select $1::int as id where false', [1]);
    expect(result.rows).toEqual([]);
    expect(result.fields).toEqual([{ name: 'id', dataTypeID: 23 }]);
  });

  it('keeps nothing of a statement that failed to parse: the name takes a good text next', async () => {
    const statements = createPglitePreparedStatements(client);
    await expect(statements.run('test_described_retry', 'select from from', [])).rejects.toMatchObject({
      cause: { code: '42601' },
    });
    const result = await statements.run('test_described_retry', 'select 7 as seven', []);
    expect(result.rows).toEqual([{ seven: 7 }]);
  });

  it('answers no rows for a statement without any, on every run', async () => {
    await client.exec('create table test_described_row (id int primary key)');
    const statements = createPglitePreparedStatements(client);
    const text = 'insert into test_described_row (id) values ($1)';
    for (const id of [1, 2]) {
      const result = await statements.run('test_described_insert', text, [id]);
      expect(result.rows).toEqual([]);
      expect(result.affectedRows).toBe(1);
    }
  });
});
