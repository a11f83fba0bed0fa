import { useId, useState, type ReactNode } from 'react';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';

/** Small labelled controls of the demo editor; each wires its label, hint and error. */

export function EditorSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-4 rounded-[var(--radius-card)] border border-border bg-card p-4 sm:p-5"
    >
      <div>
        <h3 id={headingId} className="text-sm font-semibold">
          {title}
        </h3>
        {description ? <p className="mt-1 text-xs text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

type FieldShellProps = {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
  className?: string;
};

function FieldShell({ id, label, hint, error, children, className }: FieldShellProps) {
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

type TextFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  error?: string;
  placeholder?: string;
  maxLength?: number;
  multiline?: boolean;
  type?: 'text' | 'url';
  className?: string;
  inputMode?: 'numeric' | 'text' | 'url';
};

export function TextField({
  label,
  value,
  onChange,
  hint,
  error,
  placeholder,
  maxLength,
  multiline = false,
  type = 'text',
  className,
  inputMode,
}: TextFieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={className}>
      {multiline ? (
        <Textarea
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          maxLength={maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          rows={3}
        />
      ) : (
        <Input
          id={id}
          type={type}
          inputMode={inputMode}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          maxLength={maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      )}
    </FieldShell>
  );
}

type NumberFieldProps = {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  step?: number;
  hint?: string;
  suffix?: string;
  className?: string;
};

/** A number input that keeps what is typed, commits valid numbers and clamps on blur. */
export function NumberField({ label, value, onChange, min, max, step = 1, hint, suffix, className }: NumberFieldProps) {
  const id = useId();
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }
  const commit = (raw: string) => {
    const number = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(number)) return;
    onChange(Math.min(max, Math.max(min, number)));
  };
  return (
    <FieldShell id={id} label={label} hint={hint ?? `${min}–${max}${suffix ?? ''}`} className={className}>
      <Input
        id={id}
        type="number"
        min={min}
        max={max}
        step={step}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const number = Number(event.target.value);
          if (event.target.value.trim() !== '' && Number.isFinite(number) && number >= min && number <= max)
            onChange(number);
        }}
        onBlur={() => {
          commit(text);
          setText(String(value));
        }}
        aria-describedby={`${id}-hint`}
      />
    </FieldShell>
  );
}

type SwitchFieldProps = {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  className?: string;
};

export function SwitchField({ label, checked, onChange, hint, className }: SwitchFieldProps) {
  const id = useId();
  return (
    <div className={cn('flex items-start justify-between gap-4', className)}>
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={hint ? `${id}-hint` : undefined} />
    </div>
  );
}

type SelectFieldProps<T extends string> = {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly { value: T; label: string }[];
  hint?: string;
  className?: string;
};

export function SelectField<T extends string>({
  label,
  value,
  onChange,
  options,
  hint,
  className,
}: SelectFieldProps<T>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={hint} className={className}>
      <Select value={value} onValueChange={(next) => onChange(next as T)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FieldShell>
  );
}

type ColorFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  swatches?: readonly { name: string; hex: string }[];
  allowEmpty?: boolean;
  error?: string;
  hint?: string;
  className?: string;
};

/** Swatches (optional), a native colour picker and a free hex input. */
export function ColorField({
  label,
  value,
  onChange,
  swatches,
  allowEmpty = false,
  error,
  hint,
  className,
}: ColorFieldProps) {
  const id = useId();
  const pickerValue = /^#[0-9a-f]{6}$/i.test(value)
    ? value
    : /^#[0-9a-f]{3}$/i.test(value)
      ? `#${[...value.slice(1)].map((digit) => digit + digit).join('')}`
      : '#000000';
  return (
    <FieldShell
      id={id}
      label={label}
      hint={hint ?? (allowEmpty ? 'Leave empty for the default' : undefined)}
      error={error}
      className={className}
    >
      {swatches ? (
        <div role="group" aria-label={`${label} swatches`} className="flex flex-wrap gap-2">
          {swatches.map((swatch) => (
            <button
              key={swatch.hex}
              type="button"
              onClick={() => onChange(swatch.hex)}
              aria-label={swatch.name}
              aria-pressed={value.toLowerCase() === swatch.hex}
              className="size-7 cursor-pointer rounded-full border-2 border-transparent ring-offset-2 ring-offset-card transition-transform duration-150 hover:scale-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-pressed:ring-2 aria-pressed:ring-foreground"
              style={{ backgroundColor: swatch.hex }}
            />
          ))}
        </div>
      ) : null}
      <div className="flex items-center gap-2">
        <input
          type="color"
          value={pickerValue}
          onChange={(event) => onChange(event.target.value)}
          aria-label={`${label} picker`}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-[var(--radius-control)] border border-input bg-background p-1"
        />
        <Input
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value.trim())}
          placeholder={allowEmpty ? 'Default' : '#276d64'}
          maxLength={7}
          aria-invalid={error ? true : undefined}
          className="font-mono"
        />
      </div>
    </FieldShell>
  );
}
