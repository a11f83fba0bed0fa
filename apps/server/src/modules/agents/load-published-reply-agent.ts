import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { ReplyAgent } from '../llm/generate-reply';
import { agentVersion, type agent } from './agents.tables';
import { toAgentBehaviour } from './to-agent-version';
import { toReplyAgent } from './to-reply-agent';

/** The agent answering as one of its versions. */
export function toVersionReplyAgent(
  agentRow: Pick<typeof agent.$inferSelect, 'id' | 'subaccountId'>,
  version: typeof agentVersion.$inferSelect,
): ReplyAgent {
  return toReplyAgent({ ...agentRow, ...toAgentBehaviour(version) });
}

/**
 * What visitors talk to (widgets, demos, channels, the API, the webhook): the agent's published
 * version. An agent without one (none recorded yet) answers with its working copy.
 */
export async function loadPublishedReplyAgent(options: {
  db: Database;
  agentRow: typeof agent.$inferSelect;
}): Promise<ReplyAgent & { firstMessage: string }> {
  const { agentRow } = options;
  if (!agentRow.publishedVersionId) return toReplyAgent(agentRow);
  const [version] = await options.db
    .select()
    .from(agentVersion)
    .where(eq(agentVersion.id, agentRow.publishedVersionId))
    .limit(1);
  return version ? toVersionReplyAgent(agentRow, version) : toReplyAgent(agentRow);
}
