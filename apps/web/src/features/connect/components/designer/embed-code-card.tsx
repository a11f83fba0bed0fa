import type { WidgetConnection, WidgetSettings } from '@agentry/core/widget';
import { BookOpen, Code2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { widgetIframeSnippet, widgetScriptSnippet } from '../../lib/embed-code';
import { CopyCodeBlock } from './copy-code-block';
import { InstallationDialog } from './installation-dialog';

type EmbedCodeCardProps = { connection: WidgetConnection; settings: WidgetSettings; origin?: string };

/** docs/product/widget.md#routes, embed forms: the loader script (recommended) and the plain iframe. */
export function EmbedCodeCard({ connection, settings, origin = window.location.origin }: EmbedCodeCardProps) {
  const [isGuideOpen, setIsGuideOpen] = useState(false);
  const script = widgetScriptSnippet({ origin, widgetId: connection.widgetId, template: settings.template });
  const iframe = widgetIframeSnippet({
    origin,
    widgetId: connection.widgetId,
    width: settings.width,
    height: settings.height,
  });

  return (
    <section aria-labelledby="embed-heading" className="rounded-[var(--radius-card)] border border-border bg-card p-5">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          <span
            aria-hidden
            className="flex size-8 shrink-0 items-center justify-center rounded-[var(--radius-control)] bg-secondary text-secondary-foreground"
          >
            <Code2 className="size-4" />
          </span>
          <div>
            <h2 id="embed-heading" className="text-sm font-semibold leading-8">
              Embed code
            </h2>
            <p className="text-xs text-muted-foreground">Paste it once; later changes go live when you deploy.</p>
          </div>
        </div>
        <Button variant="outline" size="sm" onClick={() => setIsGuideOpen(true)}>
          <BookOpen aria-hidden />
          Installation guide
        </Button>
      </div>
      <Tabs defaultValue="script">
        <TabsList>
          <TabsTrigger value="script">Script tag</TabsTrigger>
          <TabsTrigger value="iframe">Iframe</TabsTrigger>
        </TabsList>
        <TabsContent value="script" className="grid gap-2">
          <CopyCodeBlock label="Script tag" code={script} />
          <p className="text-xs text-muted-foreground">
            Recommended: adds the launcher, the popup message and the mobile full-screen view.
          </p>
        </TabsContent>
        <TabsContent value="iframe" className="grid gap-2">
          <CopyCodeBlock label="Iframe" code={iframe} />
          <p className="text-xs text-muted-foreground">
            For site builders that block scripts: a fixed {settings.width} × {settings.height} px window at the
            bottom-right.
          </p>
        </TabsContent>
      </Tabs>
      {connection.needsRedeploy || connection.deployedAt === null ? (
        <p className="mt-4 rounded-[var(--radius-control)] border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-xs text-amber-200">
          {connection.deployedAt === null
            ? 'The widget is not deployed yet: deploy it so the code shows your design.'
            : 'Saved changes are not live yet: deploy to publish them.'}
        </p>
      ) : null}
      <InstallationDialog open={isGuideOpen} onOpenChange={setIsGuideOpen} snippet={script} />
    </section>
  );
}
