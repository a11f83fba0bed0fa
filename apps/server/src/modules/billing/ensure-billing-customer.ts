import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { BillingProvider } from '../../platform/payments/billing-provider';
import { user } from '../auth/auth.tables';
import { billingCustomer } from './billing.tables';

/** The user's provider customer, created (once, under an idempotency key) before the first checkout. */
export async function ensureBillingCustomer(options: {
  db: Database;
  provider: BillingProvider;
  userId: string;
}): Promise<string> {
  const { db, userId } = options;
  const [existing] = await db
    .select({ customerId: billingCustomer.customerId })
    .from(billingCustomer)
    .where(eq(billingCustomer.userId, userId))
    .limit(1);
  if (existing) return existing.customerId;
  const [row] = await db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, userId)).limit(1);
  if (!row) throw new Error(`No user ${userId}`);
  const customerId = await options.provider.createCustomer({
    userId,
    email: row.email,
    name: row.name,
    idempotencyKey: `customer:${userId}`,
  });
  await db
    .insert(billingCustomer)
    .values({ userId, customerId })
    .onConflictDoNothing({ target: billingCustomer.userId });
  const [stored] = await db
    .select({ customerId: billingCustomer.customerId })
    .from(billingCustomer)
    .where(eq(billingCustomer.userId, userId))
    .limit(1);
  return stored?.customerId ?? customerId;
}

export async function findUserIdByCustomer(options: {
  db: Database;
  customerId: string | null | undefined;
}): Promise<string | null> {
  if (!options.customerId) return null;
  const [row] = await options.db
    .select({ userId: billingCustomer.userId })
    .from(billingCustomer)
    .where(eq(billingCustomer.customerId, options.customerId))
    .limit(1);
  return row?.userId ?? null;
}

export async function findCustomerId(options: { db: Database; userId: string }): Promise<string | null> {
  const [row] = await options.db
    .select({ customerId: billingCustomer.customerId })
    .from(billingCustomer)
    .where(eq(billingCustomer.userId, options.userId))
    .limit(1);
  return row?.customerId ?? null;
}
