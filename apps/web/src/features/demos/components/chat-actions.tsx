import { Eraser, Share2 } from 'lucide-react';
import { cn } from '@/lib/cn';

type ChatActionsProps = { onClear: () => void; onShare?: () => void; className?: string; buttonClassName?: string };

/** Clear and Share, in every demo look's header (Share hidden when platformSettings.showShareButton is off). */
export function ChatActions({ onClear, onShare, className, buttonClassName }: ChatActionsProps) {
  const button = cn(
    'inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-lg px-2.5 text-xs font-medium transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 [&_svg]:size-3.5',
    buttonClassName,
  );
  return (
    <div className={cn('flex shrink-0 items-center gap-1', className)}>
      <button
        type="button"
        onClick={onClear}
        className={button}
        aria-label="Clear conversation"
        title="Clear conversation"
      >
        <Eraser aria-hidden />
        <span className="max-sm:sr-only">Clear</span>
      </button>
      {onShare ? (
        <button type="button" onClick={onShare} className={button} aria-label="Share demo" title="Share demo">
          <Share2 aria-hidden />
          <span className="max-sm:sr-only">Share</span>
        </button>
      ) : null}
    </div>
  );
}
