import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrationsFolder } from '../paths';
import { createPgliteSnapshot } from '../platform/db/database';

/**
 * The migrated PGlite snapshot the test files start from, cached on disk under a name that
 * changes with the migrations, so a schema change never reuses a stale one.
 */
export async function loadPgliteSnapshot(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const cachePath = path.join(os.tmpdir(), `agentry-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (fs.existsSync(cachePath)) return new Blob([fs.readFileSync(cachePath)]);
  const snapshot = await createPgliteSnapshot();
  // Written aside then renamed: files starting together never read a half-written snapshot.
  const partial = `${cachePath}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(partial, Buffer.from(await snapshot.arrayBuffer()));
  fs.renameSync(partial, cachePath);
  return snapshot;
}
