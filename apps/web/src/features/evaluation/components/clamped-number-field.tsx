import { useId, useState } from 'react';
import { Input, Label } from '@/components/ui/input';

type ClampedNumberFieldProps = {
  label: string;
  value: number;
  min: number;
  max: number;
  /** Clamps what was typed (docs/product/evaluation.md#test-settings). */
  clamp: (value: number) => number;
  onChange: (value: number) => void;
  /** The question it belongs to, so the accessible name is unique in the list. */
  context: string;
};

/** A whole number the user types; values outside min-max are clamped as they are typed. */
export function ClampedNumberField({ label, value, min, max, clamp, onChange, context }: ClampedNumberFieldProps) {
  const id = useId();
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="text-xs font-normal text-muted-foreground">
        {label}
      </Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={text}
        aria-label={`${label} for ${context}`}
        onChange={(event) => {
          const raw = event.target.value;
          setText(raw);
          if (raw.trim() === '') return;
          const next = clamp(Number(raw));
          if (String(next) !== raw) setText(String(next));
          if (next !== value) onChange(next);
        }}
        onBlur={() => setText(String(value))}
        className="h-8 w-16 text-right tabular-nums"
      />
    </div>
  );
}
