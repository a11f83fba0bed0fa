import type { RunPromptReply } from '@agentry/core/llm';
import { Eye } from 'lucide-react';
import { useCallback, useRef } from 'react';
import { apiRequest } from '@/lib/api';

/**
 * The designer previews' chat: with a build chosen, messages go to the dashboard test chat
 * (POST /api/openai/run-prompt) and each of the preview's conversations keeps its own thread for
 * later turns (New Conversation starts a new one, a reopened chat continues its own); without a
 * build, undefined (the preview answers with a simulated reply).
 */
export function usePreviewChat(agentId: string | null) {
  // Per conversation of the preview: the build it talked to and that build's thread.
  const threads = useRef(new Map<string, { agentId: string; threadId: string }>());
  const send = useCallback(
    async (text: string, _history: unknown, conversationId: string) => {
      if (!agentId) return '';
      const kept = threads.current.get(conversationId);
      const previous = kept?.agentId === agentId ? kept.threadId : null;
      const reply = await apiRequest<RunPromptReply>('/api/openai/run-prompt', {
        method: 'POST',
        body: { assistantId: agentId, threadId: previous, message: text },
        fallbackMessage: 'Failed to get response from AI assistant.',
      });
      threads.current.set(conversationId, { agentId, threadId: reply.threadId });
      return reply.message;
    },
    [agentId],
  );
  return agentId ? send : undefined;
}

/** The 'Live Preview' heading with what the preview's messages do. */
export function PreviewHeading({ id, agentId }: { id: string; agentId: string | null }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
      <h2 id={id} className="flex shrink-0 items-center gap-2 text-sm font-semibold">
        <Eye className="size-4" aria-hidden />
        Live Preview
      </h2>
      <p className="text-xs text-muted-foreground">
        {agentId
          ? 'Messages go to the chosen build.'
          : 'Choose a build to chat for real; until then replies are simulated.'}
      </p>
    </div>
  );
}
