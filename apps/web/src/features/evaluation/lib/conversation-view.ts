import type { EvaluationConversationListItem } from '@agentry/core/evaluation';

export type ConversationSort = 'run' | 'verdict' | 'cost';

export type ConversationView = {
  /** Only conversations whose verdict that counts is a failure. */
  isFailuresOnly: boolean;
  /** Matched, case-insensitively, against the question, what was asked and the error. */
  search: string;
  sort: ConversationSort;
};

export const defaultConversationView: ConversationView = { isFailuresOnly: false, search: '', sort: 'run' };

export const conversationSortLabels: Record<ConversationSort, string> = {
  run: 'Run order',
  verdict: 'Verdict (failures first)',
  cost: 'Cost (highest first)',
};

/** Failures first, then unclear, errors, not judged, passes. */
const verdictRank = (conversation: EvaluationConversationListItem) => {
  if (conversation.status === 'error') return 2;
  switch (conversation.verdict) {
    case 'fail':
      return 0;
    case 'unclear':
      return 1;
    case 'pass':
      return 4;
    default:
      return 3;
  }
};

/** The results page's conversations as the viewer asks for them; the run order breaks ties. */
export function viewConversations(
  conversations: readonly EvaluationConversationListItem[],
  view: ConversationView,
): EvaluationConversationListItem[] {
  const needle = view.search.trim().toLowerCase();
  const matching = conversations.filter((conversation) => {
    if (view.isFailuresOnly && !(conversation.status === 'done' && conversation.verdict === 'fail')) return false;
    if (needle === '') return true;
    return [conversation.questionText, conversation.askedText, conversation.error].some((text) =>
      text?.toLowerCase().includes(needle),
    );
  });
  const indexed = matching.map((conversation, index) => ({ conversation, index }));
  if (view.sort === 'verdict')
    indexed.sort((a, b) => verdictRank(a.conversation) - verdictRank(b.conversation) || a.index - b.index);
  if (view.sort === 'cost')
    indexed.sort((a, b) => b.conversation.costUsd - a.conversation.costUsd || a.index - b.index);
  return indexed.map((entry) => entry.conversation);
}
