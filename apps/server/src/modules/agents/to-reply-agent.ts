import type { AgentBehaviour } from '@agentry/core/agent-versions';
import type { ReplyAgent } from '../llm/generate-reply';
import type { agent } from './agents.tables';
import { toAgentBehaviour } from './to-agent-version';

/** What the LLM gateway needs of an agent: who it is and the behaviour it answers with. */
export function toReplyAgent(row: Pick<typeof agent.$inferSelect, 'id' | 'subaccountId'> & AgentBehaviour): ReplyAgent {
  const { suggestedResponses: _shownOnlyInChat, ...answering } = toAgentBehaviour(row);
  return { agentId: row.id, subaccountId: row.subaccountId, ...answering };
}
