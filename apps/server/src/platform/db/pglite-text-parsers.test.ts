import { PGlite } from '@electric-sql/pglite';
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
  /** The parsers each query reached PGlite with. */
  const reached: unknown[] = [];

  beforeAll(async () => {
    client = new PGlite();
    await client.waitReady;
    const query = client.query.bind(client);
    client.query = (text, params, options) => {
      reached.push(options?.parsers);
      return query(text, params, options);
    };
    useTextParsers(client);
  });
  afterAll(() => client.close());

  it("reads Drizzle's queries as Drizzle asks, without passing its parsers on", async () => {
    reached.length = 0;
    const [row] = rowsOf(await drizzle(client).execute(typedRow));
    expect(row).toEqual(expectedRow);
    expect(reached).toEqual([undefined]);
  });

  it('does the same inside a transaction', async () => {
    const [row] = await drizzle(client).transaction(async (tx) => rowsOf(await tx.execute(typedRow)));
    expect(row).toEqual(expectedRow);
  });

  it('keeps the parsers of a query that asks for others', async () => {
    reached.length = 0;
    const custom = { 23: () => 'custom' };
    const { rows } = await client.query<{ n: unknown }>('select 1::int as n', [], { parsers: custom });
    expect(rows).toEqual([{ n: 'custom' }]);
    expect(reached).toEqual([custom]);
  });
});
