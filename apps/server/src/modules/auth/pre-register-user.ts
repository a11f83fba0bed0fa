import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { createUserWorkspace } from '../accounts/create-user-workspace';
import { user, userProfile } from './auth.tables';

/**
 * Creates the user before the first magic link (checkout and marketplace flows), remembering
 * the e-mail consent. An existing user only has their consent updated when they opt in.
 */
export async function preRegisterUser(options: { db: Database; email: string; emailConsent: boolean }) {
  const { db, email, emailConsent } = options;
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  let userId = existing?.id;
  if (!userId) {
    userId = randomUUID();
    const inserted = await db
      .insert(user)
      .values({ id: userId, email, name: email.split('@')[0] ?? email, emailVerified: false })
      .onConflictDoNothing({ target: user.email })
      .returning({ id: user.id });
    if (inserted.length === 0) {
      // Another request registered the same address a moment ago.
      const [winner] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
      userId = winner?.id ?? userId;
    }
  }
  await createUserWorkspace({ db, userId, email });
  if (emailConsent) {
    await db.update(userProfile).set({ emailConsent: true, updatedAt: new Date() }).where(eq(userProfile.userId, userId));
  }
  return { userId, isNew: !existing };
}
