import { WidgetPreview } from '@agentry/widget-ui/widget-preview';
import '@agentry/widget-ui/widget.css';
import type { WidgetSettings } from '@agentry/core/widget';
import { PreviewHeading, usePreviewChat } from './preview-chat';

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
  const onSend = usePreviewChat(agentId);

  return (
    <section aria-labelledby="block-preview-heading" className="grid gap-3">
      <PreviewHeading id="block-preview-heading" agentId={agentId} />
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
          <WidgetPreview key={agentId ?? 'simulated'} settings={settings} onSend={onSend} mode="block" />
        </div>
        <div aria-hidden className="mt-4 grid gap-2">
          <div className="h-3 w-5/6 rounded bg-slate-100" />
          <div className="h-3 w-3/6 rounded bg-slate-100" />
        </div>
      </div>
    </section>
  );
}
