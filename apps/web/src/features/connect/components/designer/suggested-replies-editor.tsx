import { widgetLimits } from '@agentry/core/widget';
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, Input } from '@/components/ui/input';

const { max, length: maxLength } = widgetLimits.suggestedResponses;

/** Suggested replies shown under the first message (at most 10, each at most 200 characters). */
export function SuggestedRepliesEditor({ value, disabled, onChange }: { value: readonly string[]; disabled: boolean; onChange: (next: string[]) => void }) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const inputId = useId();
  const errorId = useId();
  const isFull = value.length >= max;

  const add = () => {
    const text = draft.trim();
    if (text === '') return;
    if (value.includes(text)) {
      setError('That reply is already in the list');
      return;
    }
    setError(undefined);
    onChange([...value, text]);
    setDraft('');
  };

  return (
    <div className="grid gap-3">
      {value.length > 0 ? (
        <ul aria-label="Suggested replies" className="grid gap-2">
          {value.map((reply, index) => (
            <li key={`${reply}-${index}`} className="flex items-center gap-2 rounded-[var(--radius-control)] border border-border bg-background px-3 py-2 text-sm">
              <span className="min-w-0 flex-1 truncate">{reply}</span>
              <Button
                variant="ghost"
                size="icon-sm"
                disabled={disabled}
                aria-label={`Remove suggested reply: ${reply}`}
                onClick={() => onChange(value.filter((_, position) => position !== index))}
              >
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No suggested replies: visitors start by typing.</p>
      )}
      <div className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          New suggested reply
        </label>
        <Input
          id={inputId}
          value={draft}
          maxLength={maxLength}
          disabled={disabled || isFull}
          placeholder={isFull ? `At most ${max} suggested replies` : 'Add a suggested reply'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button variant="outline" onClick={add} disabled={disabled || isFull || draft.trim() === ''}>
          <Plus aria-hidden />
          Add
        </Button>
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
