import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../paths';
import { openDatabase, type DatabaseHandle } from './database';
import { PgliteOnWorker } from './pglite-on-worker';
import { hasPostgresErrorCode } from './postgres-errors';
import { prepareStatement } from './prepare-statement';
import { rowsOf } from './rows-of';
import { runPreparedStatement } from './run-prepared-statement';

const UNIQUE_VIOLATION = '23505';

const insertNote = prepareStatement<{ id: string; body: string }>(
  'test_worker_insert_note',
  sql`insert into test_worker_note (id, body) values (${sql.placeholder('id')}, ${sql.placeholder('body')})
    returning id, body, created_at as "createdAt"`,
);

/** PGlite on files runs on the database worker (pglite-on-worker.ts): these go through it. */
describe('PGlite on the database worker', () => {
  let dataDir: string;
  let handle: DatabaseHandle;

  const notes = async (): Promise<string[]> =>
    rowsOf<{ id: string }>(await handle.db.execute(sql`select id from test_worker_note order by id`)).map(
      (row) => row.id,
    );

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-pglite-worker-'));
    handle = await openDatabase({ dataDir });
    await handle.db.execute(
      sql`create table test_worker_note (id text primary key, body text not null, created_at timestamptz not null default now())`,
    );
  });
  afterAll(async () => {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens the files with every migration applied and the session settings set, off this thread', async () => {
    expect(handle.mode).toBe('pglite');
    const [row] = rowsOf<{ tables: number; trackCounts: string }>(
      await handle.db.execute(sql`select count(*)::int as tables, current_setting('track_counts') as "trackCounts"
        from information_schema.tables where table_name = 'widget_conversation'`),
    );
    expect(row).toEqual({ tables: 1, trackCounts: 'off' });
    expect(await handle.ping()).toBe(true);
  });

  it('leaves this thread free while a statement runs', async () => {
    // On this thread, PGlite's WebAssembly would hold the event loop for the whole statement.
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 10);
    await handle.db.execute(sql`select pg_sleep(0.3)`);
    clearInterval(timer);
    expect(ticks).toBeGreaterThanOrEqual(10);
  });

  it('answers Drizzle queries as the database on this thread does: rows, arrays of values, timestamps as text', async () => {
    const [stored] = await runPreparedStatement<
      { id: string; body: string; createdAt: string },
      { id: string; body: string }
    >(handle.db, insertNote, { id: 'a', body: 'first' });
    expect(stored).toMatchObject({ id: 'a', body: 'first' });
    expect(stored?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    const [{ total }] = rowsOf<{ total: number }>(
      await handle.db.execute(sql`select count(*)::int as total from test_worker_note where id = ${'a'}`),
    ) as [{ total: number }];
    expect(total).toBe(1);
  });

  it('keeps PostgreSQL error codes across the threads, from queries and from named statements', async () => {
    const duplicateQuery = handle.db.execute(sql`insert into test_worker_note (id, body) values ('a', 'again')`);
    await expect(duplicateQuery).rejects.toSatisfy((error: unknown) => hasPostgresErrorCode(error, UNIQUE_VIOLATION));
    const duplicateStatement = runPreparedStatement(handle.db, insertNote, { id: 'a', body: 'again' });
    await expect(duplicateStatement).rejects.toSatisfy((error: unknown) =>
      hasPostgresErrorCode(error, UNIQUE_VIOLATION),
    );
    // The worker goes on after an error.
    expect(await notes()).toEqual(['a']);
  });

  it('refuses a value that cannot cross the threads in its own call only', async () => {
    const notAValue = (() => 'a function') as unknown as string;
    await expect(runPreparedStatement(handle.db, insertNote, { id: 'fn', body: notAValue })).rejects.toThrow();
    expect(await notes()).toEqual(['a']);
  });

  it('commits a transaction whole, and rolls it back whole when its callback throws', async () => {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into test_worker_note (id, body) values ('b', 'kept')`);
      await tx.execute(sql`insert into test_worker_note (id, body) values ('c', 'kept')`);
    });
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into test_worker_note (id, body) values ('d', 'lost')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await notes()).toEqual(['a', 'b', 'c']);
  });

  it("rolls back on Drizzle's tx.rollback(), and a nested transaction to its savepoint", async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into test_worker_note (id, body) values ('e', 'lost')`);
        tx.rollback();
      }),
    ).rejects.toThrow();
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into test_worker_note (id, body) values ('f', 'kept')`);
      await expect(
        tx.transaction(async (nested) => {
          await nested.execute(sql`insert into test_worker_note (id, body) values ('g', 'lost')`);
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
    });
    expect(await notes()).toEqual(['a', 'b', 'c', 'f']);
  });

  it('fails the commit of a transaction one of whose statements failed, even when the callback caught it', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into test_worker_note (id, body) values ('h', 'lost')`);
        await tx.execute(sql`insert into test_worker_note (id, body) values ('a', 'duplicate')`).catch(() => undefined);
      }),
    ).rejects.toThrow();
    expect(await notes()).toEqual(['a', 'b', 'c', 'f']);
  });

  it('runs a statement sent alone while a transaction is open after that transaction, never inside it', async () => {
    let alone: Promise<unknown> | undefined;
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into test_worker_note (id, body) values ('i', 'lost')`);
        // Another request's statement, on the database itself, while this transaction is open
        // (`then` sends it: Drizzle's queries run when awaited).
        alone = handle.db
          .execute(sql`insert into test_worker_note (id, body) values ('j', 'kept')`)
          .then(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 20));
        const seen = rowsOf<{ id: string }>(await tx.execute(sql`select id from test_worker_note where id = 'j'`));
        expect(seen).toEqual([]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await alone;
    expect(await notes()).toEqual(['a', 'b', 'c', 'f', 'j']);
  });

  it('runs statements sent together in the order they were sent', async () => {
    const ids = Array.from({ length: 30 }, (_, index) => `k${String(index).padStart(2, '0')}`);
    await Promise.all([
      ...ids.map((id) => runPreparedStatement(handle.db, insertNote, { id, body: 'together' })),
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`update test_worker_note set body = 'seen by the transaction' where body = 'together'`);
      }),
    ]);
    const [{ seen }] = rowsOf<{ seen: number }>(
      await handle.db.execute(
        sql`select count(*)::int as seen from test_worker_note where body = 'seen by the transaction'`,
      ),
    ) as [{ seen: number }];
    expect(seen).toBe(ids.length);
  });

  /** Whether the log is on the disk past `lsn` (a position in it, as text). */
  const isLogFlushedPast = async (lsn: string): Promise<boolean> => {
    const [row] = rowsOf<{ isFlushed: boolean }>(
      await handle.db.execute(sql`select pg_current_wal_flush_lsn() > ${lsn}::pg_lsn as "isFlushed"`),
    );
    return row?.isFlushed ?? false;
  };

  it('answers a statement that committed on its own, and a commit, only once the log holding it is on the disk', async () => {
    // The session itself commits without waiting for the disk: the worker's flush is what waits.
    const [setting] = rowsOf<{ value: string }>(
      await handle.db.execute(sql`select current_setting('synchronous_commit') as value`),
    );
    expect(setting?.value).toBe('off');
    const [alone] = rowsOf<{ lsn: string }>(
      await handle.db.execute(
        sql`insert into test_worker_note (id, body) values ('m', 'alone') returning pg_current_wal_insert_lsn()::text as lsn`,
      ),
    );
    expect(await isLogFlushedPast(alone?.lsn ?? '')).toBe(true);
    const committed = await handle.db.transaction(async (tx) => {
      const [row] = rowsOf<{ lsn: string }>(
        await tx.execute(
          sql`insert into test_worker_note (id, body) values ('n', 'in a transaction') returning pg_current_wal_insert_lsn()::text as lsn`,
        ),
      );
      return row?.lsn ?? '';
    });
    expect(await isLogFlushedPast(committed)).toBe(true);
  });

  it('flushes the log once for the commits that arrive together, not once each', async () => {
    const ids = Array.from({ length: 20 }, (_, index) => `o${String(index).padStart(2, '0')}`);
    // Each statement reads how far the log was on the disk when it ran: a flush per commit would
    // move that on for every one of them.
    const answers = await Promise.all(
      ids.map((id) =>
        handle.db.execute(
          sql`insert into test_worker_note (id, body) values (${id}, 'together') returning pg_current_wal_flush_lsn()::text as flushed`,
        ),
      ),
    );
    const flushedPositions = new Set(answers.map((answer) => rowsOf<{ flushed: string }>(answer)[0]?.flushed));
    expect(flushedPositions.size).toBeLessThan(ids.length / 2);
  });

  it('keeps what was committed on the files: a database opened again finds it', async () => {
    await handle.close();
    handle = await openDatabase({ dataDir });
    expect(await notes()).toContain('j');
  });
});

describe('PGlite on the database worker, once closed', () => {
  it('refuses every call with a clear error, and its ping answers false', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-pglite-worker-closed-'));
    try {
      const handle = await openDatabase({ dataDir });
      await handle.close();
      const stopped = { cause: { message: expect.stringMatching(/database worker stopped/) as unknown } };
      await expect(handle.db.execute(sql`select 1`)).rejects.toMatchObject(stopped);
      await expect(runPreparedStatement(handle.db, insertNote, { id: 'z', body: 'late' })).rejects.toMatchObject(
        stopped,
      );
      expect(await handle.ping()).toBe(false);
      // Closing twice is harmless.
      await handle.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('PGlite on the database worker, when its files cannot be opened', () => {
  it('fails to open with the reason, from the worker', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-pglite-worker-file-'));
    try {
      const notAFolder = path.join(folder, 'file');
      fs.writeFileSync(notAFolder, 'not a database');
      await expect(
        PgliteOnWorker.open({ location: path.join(notAFolder, 'pglite'), migrationsFolder }),
      ).rejects.toThrow(/ENOTDIR|not a directory/i);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
