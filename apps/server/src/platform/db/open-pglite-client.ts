import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
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
  const { location } = options;
  const isNew = location !== undefined && !fs.existsSync(path.join(location, 'PG_VERSION'));
  const client = location
    ? new PGlite({ fs: new FlushingNodeFS(location), startParams: DURABLE_START_PARAMS })
    : new PGlite(options.snapshot ? { loadDataDir: options.snapshot } : {});
  await client.waitReady;
  // A new database's files were unpacked by PGlite, not written by PostgreSQL, which will never
  // flush them: they are flushed once, before anything is stored in them.
  if (isNew) flushTree(location);
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

type EmscriptenStream = { nfd: number };
type NodeFileSystem = {
  stream_ops: { fsync?: (stream: EmscriptenStream) => number };
  tryFSOperation: <T>(operation: () => T) => T;
};

/**
 * PGlite's Node file system with an `fsync`. Emscripten's NODEFS has none, so PostgreSQL's flushes
 * returned at once and a commit reached only the operating system's cache, which a power cut loses.
 * Its streams now flush the real file's data (`fdatasync`, which also writes a changed size; a
 * file's times are not needed to read it back). It is set before PostgreSQL starts (the module's
 * `preRun`), so a recovery's checkpoint at start-up is flushed too. The operations are shared by
 * every file of that file system; a failure reaches PostgreSQL as its error number, which it
 * answers as it would on any disk (a failed flush of its log stops it).
 */
class FlushingNodeFS extends NodeFS {
  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, options);
    const addFsync = (module: { NODEFS: unknown }) => {
      const nodeFs = module.NODEFS as NodeFileSystem;
      nodeFs.stream_ops.fsync ??= (stream) => {
        nodeFs.tryFSOperation(() => fs.fdatasyncSync(stream.nfd));
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), addFsync] } };
  }
}

/** Flushes every file under `folder`, then each folder, deepest first (a new file's name is in its folder). */
function flushTree(folder: string): void {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const entryPath = path.join(folder, entry.name);
    if (entry.isDirectory()) flushTree(entryPath);
    else if (entry.isFile()) flushPath(entryPath);
  }
  flushPath(folder);
}

function flushPath(target: string): void {
  const descriptor = fs.openSync(target, 'r');
  try {
    fs.fdatasyncSync(descriptor);
  } finally {
    fs.closeSync(descriptor);
  }
}
