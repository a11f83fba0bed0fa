import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { createUserWorkspace } from '../accounts/create-user-workspace';
import { user } from './auth.tables';
import { recordEmailConsent } from './record-email-consent';

/**
 * Creates the user before the first magic link (checkout and marketplace flows), remembering
 * the e-mail consent. Anyone may call it signed out, so an address that already has an account
 * is left exactly as it is (no consent flip, no workspace), and the caller is not told which
 * case it was.
 */
export async function preRegisterUser(options: { db: Database; email: string; emailConsent: boolean }) {
  const { db, email, emailConsent } = options;
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  if (existing) return;
  const userId = randomUUID();
  const inserted = await db
    .insert(user)
    .values({ id: userId, email, name: email.split('@')[0] ?? email, emailVerified: false })
    .onConflictDoNothing({ target: user.email })
    .returning({ id: user.id });
  // Another request registered the same address a moment ago: that one is the existing user now.
  if (inserted.length === 0) return;
  await createUserWorkspace({ db, userId, email });
  if (emailConsent) await recordEmailConsent({ db, userId });
}
