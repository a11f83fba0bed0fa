import { WidgetPreview } from '@agentry/widget-ui/widget-preview';
import '@agentry/widget-ui/widget.css';
import type { WidgetSettings } from '@agentry/core/widget';
import { PreviewHeading, usePreviewChat } from './preview-chat';

type LivePreviewProps = {
  settings: WidgetSettings;
  /** The chosen build; without one the preview answers with a simulated reply. */
  agentId: string | null;
};

/**
 * Live Preview (docs/product/widget.md#the-designer-connectidwebsite-widget, Designer preview): the real widget components in a 700 px stage
 * drawn like a web page. With a build chosen, messages go to the dashboard test chat
 * (POST /api/openai/run-prompt) and the thread id is kept for later turns.
 */
export function LivePreview({ settings, agentId }: LivePreviewProps) {
  const onSend = usePreviewChat(agentId);

  return (
    <section aria-labelledby="preview-heading" className="grid gap-3">
      <PreviewHeading id="preview-heading" agentId={agentId} />
      <div
        data-testid="widget-preview-stage"
        className="relative h-[700px] overflow-hidden rounded-[var(--radius-card)] border border-border bg-[#f8fafc]"
      >
        <FakeWebsite />
        <WidgetPreview key={agentId ?? 'simulated'} settings={settings} onSend={onSend} initiallyOpen />
      </div>
    </section>
  );
}

/** A faint page behind the widget, so it is seen as it will sit on a site. */
function FakeWebsite() {
  return (
    <div aria-hidden className="pointer-events-none absolute inset-0 p-6">
      <div className="flex items-center gap-3">
        <div className="size-7 rounded-md bg-slate-300" />
        <div className="h-3 w-24 rounded bg-slate-300" />
        <div className="ml-auto flex gap-3">
          <div className="h-3 w-12 rounded bg-slate-200" />
          <div className="h-3 w-12 rounded bg-slate-200" />
          <div className="h-3 w-12 rounded bg-slate-200" />
        </div>
      </div>
      <div className="mt-12 h-6 w-2/3 rounded bg-slate-200" />
      <div className="mt-3 h-6 w-1/2 rounded bg-slate-200" />
      <div className="mt-6 grid gap-2">
        <div className="h-3 w-5/6 rounded bg-slate-100" />
        <div className="h-3 w-4/6 rounded bg-slate-100" />
        <div className="h-3 w-3/6 rounded bg-slate-100" />
      </div>
      <div className="mt-8 grid grid-cols-3 gap-4">
        <div className="h-24 rounded-lg bg-slate-100" />
        <div className="h-24 rounded-lg bg-slate-100" />
        <div className="h-24 rounded-lg bg-slate-100" />
      </div>
    </div>
  );
}
