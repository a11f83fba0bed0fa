import { PGlite, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTextParsers } from './pglite-text-parsers';
import { rowsOf } from './rows-of';

const typedRow = sql`select '2026-01-02 03:04:05+00'::timestamptz as at, '2026-01-02'::date as day,
  interval '90 minutes' as span, array['2026-01-02 03:04:05+00'::timestamptz] as ats,
  41 + 1 as answer, '{"a":1}'::jsonb as doc, true as flag, 1.5::numeric as amount`;
const expectedRow = {
  at: '2026-01-02 03:04:05+00',
  day: '2026-01-02',
  span: '01:30:00',
  ats: '{"2026-01-02 03:04:05+00"}',
  answer: 42,
  doc: { a: 1 },
  flag: true,
  amount: '1.5',
};

describe('useTextParsers', () => {
  let client: PGlite;
  /** The parsers each query reached PGlite's own `query` with (inside transactions too). */
  const reached: unknown[] = [];
  /* eslint-disable @typescript-eslint/unbound-method -- called on their receivers and put back */
  const driverQuery = PGlite.prototype.query;
  const driverTransaction = PGlite.prototype.transaction;
  /* eslint-enable @typescript-eslint/unbound-method */

  beforeAll(async () => {
    // As the tests' statement counter does: wrapped on the prototype, after the database opened.
    client = new PGlite();
    await client.waitReady;
    useTextParsers(client);
    PGlite.prototype.query = function recordedQuery(this: PGlite, ...args: Parameters<PGlite['query']>) {
      reached.push(args[2]?.parsers);
      return driverQuery.apply(this, args);
    } as PGlite['query'];
    PGlite.prototype.transaction = function recordedTransaction<T>(
      this: PGlite,
      callback: Parameters<PGlite['transaction']>[0],
    ) {
      return driverTransaction.call(this, (tx) => {
        const recorded = Object.create(tx) as typeof tx;
        recorded.query = ((...args: Parameters<typeof tx.query>) => {
          reached.push(args[2]?.parsers);
          return tx.query(...args);
        }) as typeof tx.query;
        return callback(recorded);
      }) as Promise<T>;
    };
  });
  afterAll(async () => {
    PGlite.prototype.query = driverQuery;
    PGlite.prototype.transaction = driverTransaction;
    await client.close();
  });

  it("reads Drizzle's queries as Drizzle asks, without passing its parsers on", async () => {
    reached.length = 0;
    const [row] = rowsOf(await drizzle(client).execute(typedRow));
    expect(row).toEqual(expectedRow);
    expect(reached).toEqual([undefined]);
  });

  it('does the same inside a transaction', async () => {
    reached.length = 0;
    const [row] = await drizzle(client).transaction(async (tx) => rowsOf(await tx.execute(typedRow)));
    expect(row).toEqual(expectedRow);
    expect(reached).toEqual([undefined]);
  });

  it('keeps reading as text after PGlite rebuilds its array parsers', async () => {
    await client.refreshArrayTypes();
    const [row] = rowsOf(await drizzle(client).execute(typedRow));
    expect(row).toEqual(expectedRow);
  });

  it('keeps the parsers of a query that asks for others, for other types or the same ones', async () => {
    reached.length = 0;
    const custom = { 23: () => 'custom' };
    const { rows } = await client.query<{ n: unknown }>('select 1::int as n', [], { parsers: custom });
    expect(rows).toEqual([{ n: 'custom' }]);
    const asDate = { [types.DATE]: (value: string) => new Date(value) };
    const dated = await client.query<{ day: unknown }>(`select '2026-01-02'::date as day`, [], { parsers: asDate });
    expect(dated.rows[0]?.day).toEqual(new Date('2026-01-02'));
    expect(reached).toEqual([custom, asDate]);
  });
});
