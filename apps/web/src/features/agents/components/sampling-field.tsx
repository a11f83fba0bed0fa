import { RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Slider } from '@/components/ui/slider';

type SamplingFieldProps = {
  label: string;
  description: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  step: number;
  defaultValue: number;
  /** The slider's own upper end when the allowed range is too wide to drag (max tokens). */
  sliderMax?: number;
  isInteger?: boolean;
  disabled?: boolean;
  error?: string;
};

/** A sampling setting: exact number, slider, and a reset to its default. */
export function SamplingField({
  label,
  description,
  value,
  onChange,
  min,
  max,
  step,
  defaultValue,
  sliderMax = max,
  isInteger = false,
  disabled = false,
  error,
}: SamplingFieldProps) {
  const inputId = useId();
  const descriptionId = useId();
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (Number(text) !== value) setText(String(value));
  }
  const commit = (next: number) => {
    const clamped = Math.min(max, Math.max(min, isInteger ? Math.round(next) : next));
    onChange(Number(clamped.toFixed(4)));
  };
  const upper = Math.max(sliderMax, Math.min(value, max));
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={inputId}>{label}</Label>
        <div className="flex items-center gap-1">
          {value !== defaultValue ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="h-7 px-2 text-xs text-muted-foreground"
              onClick={() => onChange(defaultValue)}
              disabled={disabled}
              aria-label={`Reset ${label} to default ${defaultValue}`}
            >
              <RotateCcw aria-hidden />
              Default {defaultValue}
            </Button>
          ) : (
            <span className="px-2 text-xs text-muted-foreground">Default</span>
          )}
          <Input
            id={inputId}
            type="number"
            inputMode={isInteger ? 'numeric' : 'decimal'}
            min={min}
            max={max}
            step={step}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              const next = Number(event.target.value);
              if (event.target.value.trim() !== '' && Number.isFinite(next)) commit(next);
            }}
            onBlur={() => setText(String(value))}
            disabled={disabled}
            aria-describedby={descriptionId}
            aria-invalid={error ? true : undefined}
            className="h-8 w-24 text-right tabular-nums"
          />
        </div>
      </div>
      <Slider
        min={min}
        max={upper}
        step={step}
        value={[Math.min(upper, value)]}
        onValueChange={([next]) => next !== undefined && commit(next)}
        disabled={disabled}
        thumbLabels={[`${label} slider`]}
      />
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
