import { Pencil } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';

type InlineEditTextProps = {
  /** What is edited, for the accessible names ('Question', 'Success criteria'). */
  label: string;
  value: string;
  isEditing: boolean;
  onEditingChange: (isEditing: boolean) => void;
  onSave: (value: string) => void;
  placeholder: string;
  className?: string;
};

/**
 * docs/product/evaluation.md#test-settings: click to edit; Save or Ctrl+Enter saves, Cancel or Esc cancels. Escape is
 * consumed here so it does not also close the question panels.
 */
export function InlineEditText({
  label,
  value,
  isEditing,
  onEditingChange,
  onSave,
  placeholder,
  className,
}: InlineEditTextProps) {
  const [draft, setDraft] = useState(value);
  const hintId = useId();

  const start = () => {
    setDraft(value);
    onEditingChange(true);
  };
  const save = () => {
    onSave(draft.trim());
    onEditingChange(false);
  };
  const cancel = () => {
    setDraft(value);
    onEditingChange(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      event.nativeEvent.stopImmediatePropagation();
      cancel();
    }
  };

  if (!isEditing) {
    return (
      <button
        type="button"
        onClick={start}
        className={cn(
          'group flex w-full cursor-text items-start gap-2 rounded-[var(--radius-control)] px-2 py-1.5 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
          className,
        )}
        aria-label={`Edit ${label.toLowerCase()}: ${value || placeholder}`}
      >
        <span
          className={cn('min-w-0 flex-1 whitespace-pre-wrap break-words', !value && 'italic text-muted-foreground')}
        >
          {value || placeholder}
        </span>
        <Pencil
          className="mt-0.5 size-3.5 shrink-0 text-muted-foreground opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
          aria-hidden
        />
      </button>
    );
  }

  return (
    <div className="grid gap-2">
      <Textarea
        // The field opens because the user asked for it: focus follows.
        autoFocus
        aria-label={label}
        aria-describedby={hintId}
        value={draft}
        placeholder={placeholder}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        className="min-h-16"
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={save}>
          Save
        </Button>
        <Button size="sm" variant="ghost" onClick={cancel}>
          Cancel
        </Button>
        <span id={hintId} className="text-xs text-muted-foreground">
          Ctrl+Enter saves, Esc cancels
        </span>
      </div>
    </div>
  );
}
