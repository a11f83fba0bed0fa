import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPgliteSnapshot } from '../../test/load-pglite-snapshot';
import { openDatabase, type DatabaseHandle } from './database';
import { rowsOf } from './rows-of';

const showStatistics = sql`select current_setting('track_counts') as "trackCounts",
  current_setting('track_activities') as "trackActivities"`;

describe('PGlite session settings', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openDatabase({ pgliteSnapshot: await loadPgliteSnapshot() });
  });
  afterAll(() => handle.close());

  it('runs without statistics collection, which only pg_stat views would read', async () => {
    expect(rowsOf(await handle.db.execute(showStatistics))).toEqual([{ trackCounts: 'off', trackActivities: 'off' }]);
  });
});
