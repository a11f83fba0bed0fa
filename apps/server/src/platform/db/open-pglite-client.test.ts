import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { migrationsFolder } from '../../paths';
import { openPgliteClient } from './open-pglite-client';

describe('PGlite on files', () => {
  const folders: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('flushes a commit to the disk before it answers, as PostgreSQL proper does', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-pglite-durable-'));
    folders.push(folder);
    const location = path.join(folder, 'pglite');
    const opened = vi.spyOn(fs, 'openSync');
    const { client } = await openPgliteClient({ location, migrationsFolder });
    try {
      // A new database's files, unpacked by PGlite rather than written by PostgreSQL, are flushed once.
      expect(opened).toHaveBeenCalledWith(path.join(location, 'PG_VERSION'), 'r');
      expect(opened).toHaveBeenCalledWith(path.join(location, 'global', 'pg_control'), 'r');
      const settings = await client.query<{ fsync: string }>('show fsync');
      expect(settings.rows).toEqual([{ fsync: 'on' }]);
      await client.exec('create table durable_note (id serial primary key, body text not null)');
      const flushes = vi.spyOn(fs, 'fdatasyncSync');
      await client.query('insert into durable_note (body) values ($1)', ['kept']);
      expect(flushes).toHaveBeenCalled();
      // A commit that does not wait for the disk (the daily-limit reservation's) is not flushed.
      flushes.mockClear();
      await client.exec("set synchronous_commit = off; insert into durable_note (body) values ('fast')");
      expect(flushes).not.toHaveBeenCalled();
    } finally {
      await client.close();
    }
  });
});
