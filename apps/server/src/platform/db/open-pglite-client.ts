import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { createPglitePreparedStatements, type PglitePreparedStatements } from './pglite-prepared-statements';
import { PGLITE_SESSION_SETTINGS } from './pglite-session-settings';
import { useTextParsers } from './pglite-text-parsers';

/**
 * A PGlite ready for the server, wherever it runs (in this thread or in the database worker,
 * `pglite-worker.ts`): files under `location`, or in memory (from `snapshot` when given); the
 * session settings and the text parsers set, every migration applied, and its named statements.
 */
export async function openPgliteClient(options: {
  location?: string;
  snapshot?: Blob;
  migrationsFolder: string;
}): Promise<{ client: PGlite; prepared: PglitePreparedStatements }> {
  const client = options.location
    ? new PGlite(options.location)
    : new PGlite(options.snapshot ? { loadDataDir: options.snapshot } : {});
  await client.waitReady;
  await client.exec(PGLITE_SESSION_SETTINGS);
  useTextParsers(client);
  await migratePglite(drizzlePglite(client), { migrationsFolder: options.migrationsFolder });
  return { client, prepared: createPglitePreparedStatements(client) };
}
