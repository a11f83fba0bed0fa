import { normalizeHexColor } from '@agentry/core/widget-rules';
import { Check } from 'lucide-react';
import { useId, useState } from 'react';
import { FieldError, Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { readableTextOn } from '../lib/contrast';

type ColorPickerProps = {
  label: string;
  value: string;
  swatches: readonly { name: string; hex: string }[];
  onChange: (hex: string) => void;
  disabled?: boolean;
};

const isHex = (value: string) => /^#[0-9a-f]{6}$/i.test(value);

/** Swatches plus a free hex input (3 or 6 digits, with or without '#'). */
export function ColorPicker({ label, value, swatches, onChange, disabled = false }: ColorPickerProps) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  const [error, setError] = useState<string | undefined>();
  const inputId = useId();
  const errorId = useId();
  // The value changed from outside (a swatch, a reset, a rollback): the input follows.
  if (shown !== value) {
    setShown(value);
    setDraft(value);
    setError(undefined);
  }

  const commit = () => {
    const normalized = normalizeHexColor(draft);
    if (!isHex(normalized)) {
      setError('Enter a 3- or 6-digit hex colour');
      return;
    }
    setError(undefined);
    setDraft(normalized);
    if (normalized !== value.toLowerCase()) onChange(normalized);
  };

  return (
    <fieldset className="grid gap-3" disabled={disabled}>
      <legend className="mb-3 text-sm font-medium">{label}</legend>
      <div role="radiogroup" aria-label={`${label} swatches`} className="flex flex-wrap gap-2">
        {swatches.map((swatch) => {
          const isSelected = swatch.hex.toLowerCase() === value.toLowerCase();
          return (
            <button
              key={swatch.hex}
              type="button"
              role="radio"
              aria-checked={isSelected}
              aria-label={swatch.name}
              title={`${swatch.name} ${swatch.hex}`}
              disabled={disabled}
              onClick={() => onChange(swatch.hex)}
              style={{ backgroundColor: swatch.hex, color: readableTextOn(swatch.hex) }}
              className={cn(
                'flex size-8 cursor-pointer items-center justify-center rounded-full ring-offset-2 ring-offset-card transition-shadow duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50',
                isSelected && 'ring-2 ring-foreground',
              )}
            >
              {isSelected ? <Check className="size-4" aria-hidden /> : null}
            </button>
          );
        })}
      </div>
      <div className="flex items-center gap-2">
        <span
          aria-hidden
          className="size-10 shrink-0 rounded-[var(--radius-control)] border border-border"
          style={{ backgroundColor: isHex(value) ? value : undefined }}
        />
        <div className="grid flex-1 gap-1">
          <label htmlFor={inputId} className="sr-only">
            {label} hex value
          </label>
          <Input
            id={inputId}
            value={draft}
            spellCheck={false}
            autoComplete="off"
            maxLength={7}
            className="font-mono uppercase"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={commit}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                commit();
              }
            }}
          />
        </div>
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}
