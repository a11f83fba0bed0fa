import { Plus, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

type TextListEditorProps = {
  label: string;
  /** The name of one entry, for buttons ('reply' -> 'Add reply'). */
  itemName: string;
  values: string[];
  onChange: (values: string[]) => void;
  maxItems: number;
  placeholder?: string;
  disabled?: boolean;
  error?: string;
};

/** An ordered list of short texts (suggested replies). */
export function TextListEditor({
  label,
  itemName,
  values,
  onChange,
  maxItems,
  placeholder,
  disabled = false,
  error,
}: TextListEditorProps) {
  return (
    <fieldset className="grid grid-cols-[minmax(0,1fr)] gap-2">
      <legend className="mb-2 text-sm font-medium">{label}</legend>
      {values.map((value, index) => (
        <div key={index} className="flex items-center gap-2">
          <Input
            value={value}
            onChange={(event) =>
              onChange(values.map((current, position) => (position === index ? event.target.value : current)))
            }
            placeholder={placeholder}
            maxLength={200}
            disabled={disabled}
            aria-label={`${itemName} ${index + 1}`}
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            onClick={() => onChange(values.filter((_, position) => position !== index))}
            disabled={disabled}
            aria-label={`Remove ${itemName} ${index + 1}`}
          >
            <X aria-hidden />
          </Button>
        </div>
      ))}
      {error ? (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => onChange([...values, ''])}
        disabled={disabled || values.length >= maxItems}
      >
        <Plus aria-hidden />
        Add {itemName}
      </Button>
    </fieldset>
  );
}

type ChipsInputProps = {
  label: string;
  description: string;
  values: string[];
  onChange: (values: string[]) => void;
  maxItems: number;
  disabled?: boolean;
  error?: string;
};

/** Short tokens added with Enter and removed with their x (stop sequences). */
export function ChipsInput({
  label,
  description,
  values,
  onChange,
  maxItems,
  disabled = false,
  error,
}: ChipsInputProps) {
  const inputId = useId();
  const descriptionId = useId();
  const [draft, setDraft] = useState('');
  const isFull = values.length >= maxItems;

  const add = () => {
    const next = draft;
    if (next.trim() === '' || isFull || values.includes(next)) return;
    onChange([...values, next]);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && draft === '' && values.length > 0) {
      onChange(values.slice(0, -1));
    }
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
      <label htmlFor={inputId} className="text-sm font-medium leading-none">
        {label}
      </label>
      <div className="flex min-h-10 flex-wrap items-center gap-1.5 rounded-[var(--radius-control)] border border-input bg-background px-2 py-1.5 focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-ring">
        {values.map((value, index) => (
          <span
            key={`${value}-${index}`}
            className="inline-flex items-center gap-1 rounded-md bg-secondary py-0.5 pl-2 pr-1 font-mono text-xs text-secondary-foreground"
          >
            {JSON.stringify(value).slice(1, -1)}
            <button
              type="button"
              onClick={() => onChange(values.filter((_, position) => position !== index))}
              disabled={disabled}
              aria-label={`Remove ${value}`}
              className="cursor-pointer rounded p-0.5 hover:bg-background/60 focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X className="size-3" aria-hidden />
            </button>
          </span>
        ))}
        <input
          id={inputId}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={add}
          disabled={disabled || isFull}
          maxLength={100}
          placeholder={isFull ? `At most ${maxItems}` : 'Type and press Enter'}
          aria-describedby={descriptionId}
          className="min-w-24 flex-1 bg-transparent px-1 text-sm outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed"
        />
      </div>
      <p id={descriptionId} className="text-xs text-muted-foreground">
        {description}
      </p>
      {error ? (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
