import { and, eq, gt, sql } from 'drizzle-orm';
import type { CheckUserReply } from '@agentry/core/auth';
import type { Database } from '../../platform/db/database';
import { teamInvitation } from '../team/team.tables';
import { user } from './auth.tables';

/**
 * Workspace access: the product has a free plan (docs/product/billing-and-credits.md#capabilities, default limits), so every user
 * who has confirmed their e-mail may use the workspace. Paid capabilities are checked per
 * action by the billing module, not here.
 */
export function hasWorkspaceAccess(row: { emailVerified: boolean }) {
  return row.emailVerified;
}

export async function checkUser(options: { db: Database; email: string }): Promise<CheckUserReply> {
  const [row] = await options.db
    .select({ emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.email, options.email))
    .limit(1);
  if (!row) return { exists: false, hasAccess: false, needsVerification: false };
  return { exists: true, hasAccess: hasWorkspaceAccess(row), needsVerification: !row.emailVerified };
}

/** Linked access: someone invited this address to their sub account (the Team page's invitations) and it is still pending. */
export async function checkLinkedAccess(options: { db: Database; email: string }) {
  const [row] = await options.db
    .select({ id: teamInvitation.id })
    .from(teamInvitation)
    .where(
      and(
        eq(sql`lower(${teamInvitation.email})`, options.email.trim().toLowerCase()),
        eq(teamInvitation.status, 'pending'),
        gt(teamInvitation.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return { hasLinkedAccess: Boolean(row) };
}

export async function checkAccess(options: { db: Database; userId: string }) {
  const [row] = await options.db
    .select({ emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, options.userId))
    .limit(1);
  return { hasAccess: row ? hasWorkspaceAccess(row) : false };
}
