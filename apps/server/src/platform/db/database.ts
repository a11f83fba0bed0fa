import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder } from '../../paths';
import { openPgliteClient } from './open-pglite-client';
import { PgliteOnWorker } from './pglite-on-worker';
import type { PglitePreparedStatements } from './pglite-prepared-statements';
import { openPipelinedConnections } from './pipelined-connections';
import * as schema from './schema';

/** One typed handle for both drivers: feature code never knows which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The handle a `db.transaction` callback gets. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  mode: 'pglite' | 'postgres';
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
};

// Any constant: serialises migrations when several instances start at once.
const MIGRATION_LOCK_ID = 727_001;

/**
 * Connections in pipeline mode beside the pool (`pipelined-connections.ts`). Two rather than one:
 * each durable commit holds up the statements behind it on its connection until the log is
 * flushed, and two connections' commits share flushes; more did not help on two cores.
 */
const PIPELINED_CONNECTIONS = 2;

/**
 * The route of a database's statements sent on their own by `runPreparedStatement`: a Drizzle
 * handle over its pipelined connections, on PostgreSQL. A transaction is not in here, so its
 * statements stay on its own pooled connection.
 */
const pipelinedRoutes = new WeakMap<object, Database>();

/** The pipelined route of `db` when it is the database itself on PostgreSQL, otherwise undefined. */
export function pipelinedRouteOf(db: Database | Transaction): Database | undefined {
  return pipelinedRoutes.get(db);
}

/** The named prepared statements of a database on PGlite (`pglite-prepared-statements.ts`). */
const pglitePreparedRoutes = new WeakMap<object, PglitePreparedStatements>();

/** The prepared statements of `db` when it is the database itself on PGlite, otherwise undefined. */
export function pglitePreparedRouteOf(db: Database | Transaction): PglitePreparedStatements | undefined {
  return pglitePreparedRoutes.get(db);
}

/**
 * PostgreSQL when a URL is given, otherwise PGlite: in memory when `dataDir` is undefined
 * (tests), files under `<dataDir>/pglite` otherwise. Migrations apply before this resolves.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  /** PostgreSQL connections in pipeline mode for statements sent on their own; 0 sends them through the pool. */
  pipelinedConnections?: number;
  pgliteSnapshot?: Blob;
}): Promise<DatabaseHandle> {
  if (options.url)
    return openPostgres(options.url, options.poolSize ?? 10, options.pipelinedConnections ?? PIPELINED_CONNECTIONS);
  return openPglite(options.dataDir, options.pgliteSnapshot);
}

/**
 * An in-memory PGlite with every migration applied, as a data-directory dump. Starting from it
 * skips initdb and the migrations (seconds per database), which the test suite does per file.
 */
export async function createPgliteSnapshot(): Promise<Blob> {
  const { client } = await openPgliteClient({ migrationsFolder });
  const snapshot = await client.dumpDataDir('none');
  await client.close();
  return snapshot;
}

/**
 * PGlite on files runs on its own thread (`pglite-on-worker.ts`): PostgreSQL's work in WebAssembly
 * is synchronous, and on the server's thread it held up every request and stream while a
 * statement ran. In memory (tests, from a snapshot) it runs on this thread.
 */
async function openPglite(dataDir: string | undefined, snapshot: Blob | undefined): Promise<DatabaseHandle> {
  if (dataDir) {
    const location = path.join(dataDir, 'pglite');
    fs.mkdirSync(location, { recursive: true });
    const client = await PgliteOnWorker.open({ location, migrationsFolder });
    return pgliteHandle(client, client.prepared);
  }
  const { client, prepared } = await openPgliteClient({ snapshot, migrationsFolder });
  return pgliteHandle(client, prepared);
}

/** The handle of a PGlite, on this thread or on the worker (which answers the same calls). */
function pgliteHandle(client: Pick<PGlite, 'query' | 'close'>, prepared: PglitePreparedStatements): DatabaseHandle {
  const db = drizzlePglite(client as PGlite, { schema }) as unknown as Database;
  pglitePreparedRoutes.set(db, prepared);
  return {
    db,
    mode: 'pglite',
    ping: () =>
      client.query('select 1').then(
        () => true,
        () => false,
      ),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, poolSize: number, pipelinedCount: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection can be closed by the server (restart, failover, an administrator):
  // pg then emits 'error' on the pool, which would crash the process if nobody listened.
  // The pool drops that client and opens a new one on the next checkout.
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') console.warn(`PostgreSQL idle connection lost: ${error.message}`);
  });
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePostgres(drizzlePostgres(lockClient), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    lockClient.release();
  }
  const db = drizzlePostgres(pool, { schema }) as unknown as Database;
  const pipelined =
    pipelinedCount > 0
      ? openPipelinedConnections({
          url,
          count: pipelinedCount,
          onError: (error) => console.warn(`PostgreSQL pipelined connection lost: ${error.message}`),
        })
      : undefined;
  // Drizzle only calls `query` on it: the route runs prepared statements, never a transaction.
  if (pipelined) pipelinedRoutes.set(db, drizzlePostgres(pipelined as unknown as pg.Pool, { schema }));
  return {
    db,
    mode: 'postgres',
    ping: () =>
      db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ),
    close: async () => {
      await pipelined?.close();
      await pool.end();
    },
  };
}
