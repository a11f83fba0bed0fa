import { useState } from 'react';
import { Input } from '@/components/ui/input';

type CommitOnBlurInputProps = {
  id: string;
  value: number;
  disabled: boolean;
  className?: string;
  /** The number a typed draft stands for (clamped, or `value` when it is no number). */
  normalize: (draft: string, value: number) => number;
  onCommit: (next: number) => void;
};

/** A numeric input that allows free typing and commits the normalized number on blur. */
export function CommitOnBlurInput({ id, value, disabled, className, normalize, onCommit }: CommitOnBlurInputProps) {
  const [draft, setDraft] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(String(value));
  }
  return (
    <Input
      id={id}
      inputMode="numeric"
      value={draft}
      disabled={disabled}
      className={className}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => {
        const next = normalize(draft, value);
        setDraft(String(next));
        if (next !== value) onCommit(next);
      }}
    />
  );
}
