import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, Input } from '@/components/ui/input';

type AddItemInputProps = {
  /** The input's label (read by screen readers only). */
  label: string;
  placeholder: string;
  disabled: boolean;
  /** Keys that add the draft besides the Add button. */
  addKeys: readonly string[];
  /** What a non-empty draft adds, or why it cannot be added. */
  parse: (draft: string) => { item: string } | { error: string };
  onAdd: (item: string) => void;
  inputProps?: Pick<ComponentProps<typeof Input>, 'maxLength' | 'spellCheck' | 'autoCapitalize'>;
  buttonIcon?: ReactNode;
};

/** The input row under a list editor: type, press Add (or a key), and see why a draft was refused. */
export function AddItemInput({
  label,
  placeholder,
  disabled,
  addKeys,
  parse,
  onAdd,
  inputProps,
  buttonIcon,
}: AddItemInputProps) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const inputId = useId();
  const errorId = useId();

  const add = () => {
    if (draft.trim() === '') return;
    const parsed = parse(draft);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(undefined);
    onAdd(parsed.item);
    setDraft('');
  };

  return (
    <>
      <div className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          {label}
        </label>
        <Input
          {...inputProps}
          id={inputId}
          value={draft}
          disabled={disabled}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(undefined);
          }}
          onKeyDown={(event) => {
            if (addKeys.includes(event.key)) {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button variant="outline" onClick={add} disabled={disabled || draft.trim() === ''}>
          {buttonIcon}
          Add
        </Button>
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </>
  );
}
