import { useId, useState } from 'react';
import { Input, Label } from '@/components/ui/input';

type DecimalFieldProps = {
  label: string;
  hint: string;
  value: number;
  min: number;
  max: number;
  step: number;
  isInteger?: boolean;
  onChange: (value: number) => void;
};

/** A sampling setting typed as a number; out-of-range values are clamped when the field is left. */
export function DecimalField({ label, hint, value, min, max, step, isInteger = false, onChange }: DecimalFieldProps) {
  const id = useId();
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (Number(text) !== value) setText(String(value));
  }
  const clamp = (next: number) => Math.min(max, Math.max(min, isInteger ? Math.round(next) : next));
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode={isInteger ? 'numeric' : 'decimal'}
        min={min}
        max={max}
        step={step}
        value={text}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          setText(event.target.value);
          const next = Number(event.target.value);
          if (event.target.value.trim() !== '' && Number.isFinite(next) && next >= min && next <= max)
            onChange(isInteger ? Math.round(next) : next);
        }}
        onBlur={() => {
          const next = Number(text);
          const committed = text.trim() === '' || !Number.isFinite(next) ? value : clamp(next);
          setText(String(committed));
          if (committed !== value) onChange(committed);
        }}
        className="tabular-nums"
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}
