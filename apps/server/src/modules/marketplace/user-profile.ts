import { eq } from 'drizzle-orm';
import type { UserProfileBody, UserProfileReply } from '@agentry/core/marketplace';
import type { Database } from '../../platform/db/database';
import { user } from '../auth/auth.tables';
import { marketplaceProfile } from './marketplace.tables';

/** The marketplace profile: the account's name, e-mail and picture, and the business name kept here. */
export async function getUserProfile(options: { db: Database; userId: string }): Promise<UserProfileReply> {
  const [row] = await options.db
    .select({ name: user.name, email: user.email, image: user.image, businessName: marketplaceProfile.businessName })
    .from(user)
    .leftJoin(marketplaceProfile, eq(marketplaceProfile.userId, user.id))
    .where(eq(user.id, options.userId))
    .limit(1);
  if (!row) throw new Error('Signed-in user has no row');
  return { name: row.name, email: row.email, image: row.image, businessName: row.businessName };
}

/** docs/product/marketplace.md#the-create-project-wizard, profile save: name and picture on the account, business name in the marketplace profile. */
export async function saveUserProfile(options: {
  db: Database;
  userId: string;
  body: UserProfileBody;
}): Promise<UserProfileReply> {
  const { db, userId, body } = options;
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(user)
      .set({ name: body.name, ...(body.image === undefined ? {} : { image: body.image }), updatedAt: now })
      .where(eq(user.id, userId));
    await tx
      .insert(marketplaceProfile)
      .values({ userId, businessName: body.businessName, updatedAt: now })
      .onConflictDoUpdate({
        target: marketplaceProfile.userId,
        set: { businessName: body.businessName, updatedAt: now },
      });
  });
  return getUserProfile({ db, userId });
}
