import type { WidgetConnection } from '@agentry/core/widget';
import { Code2 } from 'lucide-react';
import { blockSnippet } from '../../lib/embed-code';
import { CopyCodeBlock } from './copy-code-block';

type BlockEmbedCardProps = { connection: WidgetConnection; origin?: string };

/** The website block's embed code: the element it fills and its loader, pasted where the chat belongs. */
export function BlockEmbedCard({ connection, origin = window.location.origin }: BlockEmbedCardProps) {
  const snippet = blockSnippet({ origin, widgetId: connection.widgetId });
  const { fillContainer } = connection.settings.block;
  return (
    <section
      aria-labelledby="block-embed-heading"
      className="rounded-[var(--radius-card)] border border-border bg-card p-5"
    >
      <div className="mb-4 flex items-start gap-3">
        <span
          aria-hidden
          className="flex size-8 shrink-0 items-center justify-center rounded-[var(--radius-control)] bg-secondary text-secondary-foreground"
        >
          <Code2 className="size-4" />
        </span>
        <div>
          <h2 id="block-embed-heading" className="text-sm font-semibold leading-8">
            Embed code
          </h2>
          <p className="text-xs text-muted-foreground">Paste it once; later changes go live when you deploy.</p>
        </div>
      </div>
      <CopyCodeBlock label="Block snippet" code={snippet} />
      <ol className="mt-4 grid list-decimal gap-1.5 pl-5 text-sm text-muted-foreground">
        <li>Paste the snippet in your page's HTML exactly where the chat should appear.</li>
        <li>
          {fillContainer
            ? 'The block fills the element: give the <div> a height (for example with your page builder or a CSS class).'
            : 'The block takes the full width of its place and grows with the conversation up to the height you set.'}
        </li>
        <li>Publish the page and send a message to try it.</li>
      </ol>
      {connection.needsRedeploy || connection.deployedAt === null ? (
        <p className="mt-4 rounded-[var(--radius-control)] border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-xs text-amber-200">
          Saved changes are not live yet: deploy to publish them.
        </p>
      ) : null}
    </section>
  );
}
