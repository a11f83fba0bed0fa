import type { RunPromptReply } from '@agentry/core/llm';
import { Eye } from 'lucide-react';
import { useCallback, useRef } from 'react';
import { apiRequest } from '@/lib/api';

/**
 * The designer previews' chat: with a build chosen, messages go to the dashboard test chat
 * (POST /api/openai/run-prompt) and the thread id is kept for later turns; without one, undefined
 * (the preview answers with a simulated reply).
 */
export function usePreviewChat(agentId: string | null) {
  const threadId = useRef<{ agentId: string; threadId: string } | null>(null);
  const send = useCallback(
    async (text: string) => {
      if (!agentId) return '';
      const previous = threadId.current?.agentId === agentId ? threadId.current.threadId : null;
      const reply = await apiRequest<RunPromptReply>('/api/openai/run-prompt', {
        method: 'POST',
        body: { assistantId: agentId, threadId: previous, message: text },
        fallbackMessage: 'Failed to get response from AI assistant.',
      });
      threadId.current = { agentId, threadId: reply.threadId };
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
