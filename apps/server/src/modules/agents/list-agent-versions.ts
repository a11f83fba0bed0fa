import { desc, eq } from 'drizzle-orm';
import type { ListAgentVersionsReply } from '@agentry/core/agent-versions';
import type { Database } from '../../platform/db/database';
import { user } from '../auth/auth.tables';
import { agentVersion } from './agents.tables';
import { getAgentRowOrThrow } from './get-agent-or-throw';
import { toAgentVersion } from './to-agent-version';

/** The versions of an agent of the sub account, newest first, with their authors' names. */
export async function listAgentVersions(options: {
  db: Database;
  subaccountId: string;
  agentId: string;
  /** Whether the caller sees tool header values (mask-tool-credentials.ts). */
  canSeeCredentials: boolean;
}): Promise<ListAgentVersionsReply> {
  const { db } = options;
  const agentRow = await getAgentRowOrThrow({ db, agentId: options.agentId, subaccountId: options.subaccountId });
  const rows = await db
    .select({ version: agentVersion, authorName: user.name })
    .from(agentVersion)
    .leftJoin(user, eq(user.id, agentVersion.authorUserId))
    .where(eq(agentVersion.agentId, agentRow.id))
    .orderBy(desc(agentVersion.number));
  return {
    publishedVersionId: agentRow.publishedVersionId,
    versions: rows.map((row) =>
      toAgentVersion(row.version, { authorName: row.authorName, canSeeCredentials: options.canSeeCredentials }),
    ),
  };
}
