import { randomUUID } from 'node:crypto';
import type { Database } from '../platform/db/database';
import { user } from '../modules/auth/auth.tables';

/** A user row without the sign-in flow, for tests of service functions. */
export async function createTestUser(db: Database, overrides: Partial<typeof user.$inferInsert> = {}) {
  const id = overrides.id ?? randomUUID();
  const [row] = await db
    .insert(user)
    .values({ id, name: 'Test User', email: `${id}@users.test`, emailVerified: true, ...overrides })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}
