import { ClipboardPaste, FileCode2, MousePointerClick, Rocket } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { CopyCodeBlock } from './copy-code-block';

const steps = [
  { icon: ClipboardPaste, title: 'Copy the snippet', text: 'Use the Copy button below.' },
  {
    icon: FileCode2,
    title: 'Paste it before </body>',
    text: "In your site's HTML, or its builder's custom code / footer scripts setting, on every page.",
  },
  { icon: Rocket, title: 'Publish your site', text: 'The launcher appears at the bottom corner you chose.' },
  { icon: MousePointerClick, title: 'Try it', text: 'Open your site, click the launcher and send a message.' },
];

/**
 * The installation guide (docs/product/widget.md#the-designer-connectidwebsite-widget, names a video; we have none, so the video area shows
 * the same steps as an illustrated sequence).
 */
export function InstallationDialog({
  open,
  onOpenChange,
  snippet,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  snippet: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Install the widget on your website</DialogTitle>
          <DialogDescription>Four steps, about two minutes. No developer needed.</DialogDescription>
        </DialogHeader>
        <ol
          aria-label="Installation steps"
          className="grid gap-3 rounded-[var(--radius-card)] border border-border bg-background/60 p-4 sm:grid-cols-2"
        >
          {steps.map((step, index) => (
            <li key={step.title} className="flex gap-3">
              <span
                aria-hidden
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground"
              >
                <step.icon className="size-4" />
              </span>
              <div>
                <p className="text-sm font-medium">
                  {index + 1}. {step.title}
                </p>
                <p className="text-xs text-muted-foreground">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <div
          className="rounded-[var(--radius-control)] border border-border bg-background p-3 font-mono text-xs text-muted-foreground"
          aria-hidden
        >
          {'<html>'}
          <br />
          &nbsp;&nbsp;{'<body>'}
          <br />
          &nbsp;&nbsp;&nbsp;&nbsp;{'…your page…'}
          <br />
          <span className="text-primary">
            &nbsp;&nbsp;&nbsp;&nbsp;{'<script src=".../widget-professional.js" async></script>'}
          </span>
          <br />
          &nbsp;&nbsp;{'</body>'}
          <br />
          {'</html>'}
        </div>
        <CopyCodeBlock label="Widget snippet" code={snippet} />
        <DialogFooter>
          <Button onClick={() => onOpenChange(false)}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
