import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { userProfile } from './auth.tables';

/**
 * Turns the user's e-mail consent on, after they ticked the sign-in dialog's box. Only ever on:
 * an unticked box never withdraws a consent given before.
 */
export async function recordEmailConsent(options: { db: Database; userId: string }) {
  const { db, userId } = options;
  await db
    .update(userProfile)
    .set({ emailConsent: true, updatedAt: new Date() })
    .where(and(eq(userProfile.userId, userId), eq(userProfile.emailConsent, false)));
}
