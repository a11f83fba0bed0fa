import type { EvaluationConversationDetail } from '@agentry/core/evaluation';
import type { Database } from '../../../platform/db/database';
import { getConversationRowOrThrow } from './get-conversation-row-or-throw';
import { toConversationDetail } from './to-conversation-detail';

export async function getEvaluationConversation(options: {
  db: Database;
  runId: string;
  conversationId: string;
}): Promise<EvaluationConversationDetail> {
  return toConversationDetail(await getConversationRowOrThrow(options));
}
