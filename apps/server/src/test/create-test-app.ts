import { randomBytes } from 'node:crypto';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../platform/db/database';
import { createPostgresTestDatabase } from './create-postgres-test-database';
import { loadPgliteSnapshot } from './load-pglite-snapshot';

/**
 * A fresh database for one test file: in-memory PGlite (from the migrated snapshot) by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (dropped again on close). REDIS_URL, when set,
 * puts the cache and queue on Redis.
 */
export async function createTestDatabase(): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ pgliteSnapshot: await loadPgliteSnapshot() });
    return { database, drop: () => Promise.resolve() };
  }
  const { url, drop } = await createPostgresTestDatabase(serverUrl);
  const database = await openDatabase({ url, poolSize: 20 });
  return { database, drop };
}

export async function createTestApp(env: Record<string, string> = {}) {
  const { database, drop } = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    // Its own queue prefix: a worker of another test file's app must never take this app's jobs.
    // Files sign in dozens of users from one loopback address; the sign-in limit's own test sets real values.
    SIGN_IN_RATE_LIMIT_PER_EMAIL: '1000',
    SIGN_IN_RATE_LIMIT_PER_IP: '100000',
    ...(process.env.REDIS_URL
      ? { REDIS_URL: process.env.REDIS_URL, QUEUE_PREFIX: `test-${randomBytes(6).toString('hex')}` }
      : {}),
    ...env,
  });
  const app = await buildApp({ config, database, logger: false, serveWeb: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await drop();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>['app'];
