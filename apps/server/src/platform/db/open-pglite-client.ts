import fs from 'node:fs';
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
    ? new PGlite(options.location, { startParams: DURABLE_START_PARAMS })
    : new PGlite(options.snapshot ? { loadDataDir: options.snapshot } : {});
  await client.waitReady;
  if (options.location) syncFilesOnFsync(client);
  await client.exec(PGLITE_SESSION_SETTINGS);
  useTextParsers(client);
  await migratePglite(drizzlePglite(client), { migrationsFolder: options.migrationsFolder });
  return { client, prepared: createPglitePreparedStatements(client) };
}

/**
 * PGlite's own start-up, without `-F` (which turns `fsync` off), and with the log flushed by
 * `fsync` (PGlite's `fdatasync` is a no-op that cannot be replaced): a commit that waits for the
 * disk waits for it (below), as on PostgreSQL proper.
 */
const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];

/** Where PGlite mounts its data directory in its Emscripten file system. */
const PGLITE_DATA_MOUNT = '/pglite/data';

type EmscriptenStream = { nfd: number };
type EmscriptenNode = { stream_ops: { fsync?: (stream: EmscriptenStream) => number } };
type EmscriptenFs = { lookupPath: (path: string) => { node: EmscriptenNode } };

/**
 * PGlite's Node file system (Emscripten's NODEFS) has no `fsync`: PostgreSQL's call returned at once
 * and a commit reached only the operating system's cache, which a power cut loses. Its files' streams
 * get one that flushes the real file's data (`fdatasync`, which also writes a changed size; a file's
 * times are not needed to read it back). The operations are shared by every file of that file
 * system, so setting them on the data directory's node covers all of them.
 */
function syncFilesOnFsync(client: PGlite): void {
  const { FS } = client.Module as unknown as { FS: EmscriptenFs };
  const operations = FS.lookupPath(PGLITE_DATA_MOUNT).node.stream_ops;
  operations.fsync ??= (stream) => {
    fs.fdatasyncSync(stream.nfd);
    return 0;
  };
}
