import { WidgetPreview } from '@agentry/widget-ui/widget-preview';
import '@agentry/widget-ui/widget.css';
import type { RunPromptReply } from '@agentry/core/llm';
import type { WidgetSettings } from '@agentry/core/widget';
import { Eye } from 'lucide-react';
import { useCallback, useRef } from 'react';
import { apiRequest } from '@/lib/api';

type BlockPreviewProps = {
  settings: WidgetSettings;
  /** The chosen build; without one the preview answers with a simulated reply. */
  agentId: string | null;
};

/**
 * The website block's Live Preview: the real block inside a page-like column, as tall as its
 * conversation up to the set height (or a fixed 480 px box when it fills its container). With a
 * build chosen, messages go to the dashboard test chat, like the widget's preview.
 */
export function BlockPreview({ settings, agentId }: BlockPreviewProps) {
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

  return (
    <section aria-labelledby="block-preview-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h2 id="block-preview-heading" className="flex shrink-0 items-center gap-2 text-sm font-semibold">
          <Eye className="size-4" aria-hidden />
          Live Preview
        </h2>
        <p className="text-xs text-muted-foreground">
          {agentId
            ? 'Messages go to the chosen build.'
            : 'Choose a build to chat for real; until then replies are simulated.'}
        </p>
      </div>
      <div
        data-testid="block-preview-stage"
        className="rounded-[var(--radius-card)] border border-border bg-[#f8fafc] p-4 text-slate-900 sm:p-6"
      >
        <div aria-hidden className="mb-4 grid gap-2">
          <div className="h-5 w-1/2 rounded bg-slate-200" />
          <div className="h-3 w-5/6 rounded bg-slate-100" />
          <div className="h-3 w-4/6 rounded bg-slate-100" />
        </div>
        <div className={settings.block.fillContainer ? 'h-[480px]' : undefined}>
          <WidgetPreview
            key={agentId ?? 'simulated'}
            settings={settings}
            onSend={agentId ? send : undefined}
            mode="block"
          />
        </div>
        <div aria-hidden className="mt-4 grid gap-2">
          <div className="h-3 w-5/6 rounded bg-slate-100" />
          <div className="h-3 w-3/6 rounded bg-slate-100" />
        </div>
      </div>
    </section>
  );
}
