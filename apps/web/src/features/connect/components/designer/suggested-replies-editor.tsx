import { widgetLimits } from '@agentry/core/widget';
import { Plus, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { AddItemInput } from './add-item-input';

const { max, length: maxLength } = widgetLimits.suggestedResponses;
const addKeys = ['Enter'];

/** Suggested replies shown under the first message (at most 10, each at most 200 characters). */
export function SuggestedRepliesEditor({
  value,
  disabled,
  onChange,
}: {
  value: readonly string[];
  disabled: boolean;
  onChange: (next: string[]) => void;
}) {
  const isFull = value.length >= max;
  const parse = (draft: string) => {
    const text = draft.trim();
    return value.includes(text) ? { error: 'That reply is already in the list' } : { item: text };
  };

  return (
    <div className="grid gap-3">
      {value.length > 0 ? (
        <ul aria-label="Suggested replies" className="grid gap-2">
          {value.map((reply, index) => (
            <li
              key={`${reply}-${index}`}
              className="flex items-center gap-2 rounded-[var(--radius-control)] border border-border bg-background px-3 py-2 text-sm"
            >
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
      <AddItemInput
        label="New suggested reply"
        placeholder={isFull ? `At most ${max} suggested replies` : 'Add a suggested reply'}
        disabled={disabled || isFull}
        addKeys={addKeys}
        parse={parse}
        onAdd={(reply) => onChange([...value, reply])}
        inputProps={{ maxLength }}
        buttonIcon={<Plus aria-hidden />}
      />
    </div>
  );
}
