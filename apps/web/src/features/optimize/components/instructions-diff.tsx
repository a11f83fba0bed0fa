import { useMemo } from 'react';
import { diffLines } from '@agentry/core/line-diff';
import { cn } from '@/lib/cn';

const marks = { same: ' ', removed: '−', added: '+' } as const;
const labels = { same: 'unchanged', removed: 'removed', added: 'added' } as const;

/** The instructions before and after a change, line by line. */
export function InstructionsDiff({ before, after, className }: { before: string; after: string; className?: string }) {
  const lines = useMemo(() => diffLines(before, after), [before, after]);
  return (
    <div
      role="region"
      aria-label="Change to the instructions"
      className={cn(
        'overflow-x-auto rounded-[var(--radius-control)] border border-border bg-muted/30 font-mono text-xs',
        className,
      )}
    >
      <ol className="min-w-full py-2">
        {lines.map((line, index) => (
          <li
            key={index}
            className={cn(
              'flex gap-2 px-3 py-0.5 whitespace-pre-wrap break-words',
              line.kind === 'added' && 'bg-green-500/10 text-green-800 dark:text-green-200',
              line.kind === 'removed' &&
                'bg-red-500/10 text-red-800 line-through decoration-red-500/40 dark:text-red-200',
            )}
          >
            <span aria-hidden className="w-3 shrink-0 select-none text-muted-foreground">
              {marks[line.kind]}
            </span>
            <span className="sr-only">{labels[line.kind]}: </span>
            <span className="min-w-0 flex-1">{line.text || '\u00a0'}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
