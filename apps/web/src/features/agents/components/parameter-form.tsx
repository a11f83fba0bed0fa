import {
  isRequiredParameter,
  numberFieldRange,
  parameterFieldKind,
  parseNumberInput,
  removeArrayItem,
  validateTimezoneOffset,
  type JsonSchemaNode,
  type ParameterFieldKind,
  type ParameterSetting,
  type ToolSchema,
} from '@agentry/core/tools';
import { Plus, Sparkles, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Slider } from '@/components/ui/slider';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';

type ParameterFormProps = {
  schema: Pick<ToolSchema, 'properties' | 'required'>;
  /** Per parameter: fixed by the user (manual, with its value) or decided by the model (auto). */
  modes: Record<string, ParameterSetting>;
  onChange: (modes: Record<string, ParameterSetting>) => void;
  disabled?: boolean;
};

function primaryType(schema: JsonSchemaNode | undefined): string | undefined {
  if (!schema) return undefined;
  return Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
}

function startValue(kind: ParameterFieldKind, schema: JsonSchemaNode): unknown {
  if (schema.default !== undefined) return schema.default;
  if (kind === 'boolean') return false;
  if (kind === 'enum') return schema.enum?.[0] ?? null;
  if (kind === 'string' || kind === 'timezone') return '';
  return null;
}

/**
 * docs/product/agents.md#tools: a form generated from a tool's parameter schema. Each
 * field is manual or, with 'AI mode' on, decided by the model ('Determined by model', input off).
 */
export function ParameterForm({ schema, modes, onChange, disabled = false }: ParameterFormProps) {
  const entries = Object.entries(schema.properties);
  if (entries.length === 0) {
    return <p className="text-sm text-muted-foreground">This tool takes no parameters.</p>;
  }
  const setField = (name: string, setting: ParameterSetting) => onChange({ ...modes, [name]: setting });
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      {entries.map(([name, node]) => (
        <ParameterField
          key={name}
          name={name}
          schema={node}
          isRequired={isRequiredParameter({ required: schema.required }, name)}
          setting={modes[name]}
          onChange={(setting) => setField(name, setting)}
          disabled={disabled}
        />
      ))}
    </div>
  );
}

type ParameterFieldProps = {
  name: string;
  schema: JsonSchemaNode;
  isRequired: boolean;
  setting: ParameterSetting | undefined;
  onChange: (setting: ParameterSetting) => void;
  disabled: boolean;
};

function ParameterField({ name, schema, isRequired, setting, onChange, disabled }: ParameterFieldProps) {
  const labelId = useId();
  const inputId = useId();
  const descriptionId = useId();
  const kind = parameterFieldKind(name, schema);
  // Anything not fixed by the user is the model's to decide.
  const isAuto = setting?.mode !== 'manual';
  const value = setting?.value;
  const label = schema.title?.trim() || name;

  const toggleAuto = () => {
    if (isAuto) onChange({ mode: 'manual', value: value !== undefined ? value : startValue(kind, schema) });
    else onChange({ mode: 'auto', value });
  };
  const setValue = (next: unknown) => onChange({ mode: 'manual', value: next });
  const isInputDisabled = disabled || isAuto;

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      className="grid grid-cols-[minmax(0,1fr)] gap-2 rounded-[var(--radius-control)] border border-border p-3"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <label
            id={labelId}
            htmlFor={kind === 'enum' || kind === 'boolean' ? undefined : inputId}
            className="flex items-center gap-1 text-sm font-medium"
          >
            <span className="truncate font-mono">{label}</span>
            {isRequired ? (
              <span aria-hidden className="text-destructive" title="Required">
                *
              </span>
            ) : null}
          </label>
          {schema.description ? (
            <p id={descriptionId} className="text-xs text-muted-foreground">
              {schema.description}
            </p>
          ) : null}
        </div>
        <Button
          type="button"
          size="sm"
          variant={isAuto ? 'default' : 'outline'}
          aria-pressed={isAuto}
          onClick={toggleAuto}
          disabled={disabled}
          className="h-7 shrink-0 px-2 text-xs"
        >
          <Sparkles aria-hidden />
          AI mode
        </Button>
      </div>

      <div className="relative">
        <div className={cn(isAuto && 'pointer-events-none select-none opacity-40')}>
          <FieldInput
            kind={kind}
            name={name}
            label={label}
            schema={schema}
            inputId={inputId}
            value={value}
            onChange={setValue}
            disabled={isInputDisabled}
            isRequired={isRequired}
            describedBy={schema.description ? descriptionId : undefined}
          />
        </div>
        {isAuto ? (
          <div className="absolute inset-0 flex items-center justify-center rounded-[var(--radius-control)] border border-dashed border-primary/50 bg-card/80 backdrop-blur-[1px]">
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-primary">
              <Sparkles className="size-3.5" aria-hidden />
              Determined by model
            </span>
          </div>
        ) : null}
      </div>
    </div>
  );
}

type FieldInputProps = {
  kind: ParameterFieldKind;
  name: string;
  label: string;
  schema: JsonSchemaNode;
  inputId: string;
  value: unknown;
  onChange: (value: unknown) => void;
  disabled: boolean;
  isRequired: boolean;
  describedBy?: string;
};

function FieldInput(props: FieldInputProps) {
  const { kind, label, schema, inputId, value, onChange, disabled, isRequired, describedBy } = props;
  switch (kind) {
    case 'string':
      return (
        <Input
          id={inputId}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          aria-required={isRequired || undefined}
          aria-describedby={describedBy}
        />
      );
    case 'timezone':
      return <TimezoneInput {...props} />;
    case 'number':
    case 'integer':
      return <NumberInput {...props} />;
    case 'boolean':
      return (
        <div className="flex h-10 items-center gap-3">
          <Switch
            checked={value === true}
            onCheckedChange={(checked) => onChange(checked)}
            disabled={disabled}
            aria-label={label}
            aria-describedby={describedBy}
          />
          <span className="text-sm text-muted-foreground">{value === true ? 'True' : 'False'}</span>
        </div>
      );
    case 'enum': {
      const options = schema.enum ?? [];
      const selected = options.findIndex(
        (option) => Object.is(option, value) || JSON.stringify(option) === JSON.stringify(value),
      );
      return (
        <Select
          value={selected === -1 ? '' : String(selected)}
          onValueChange={(index) => onChange(options[Number(index)])}
          disabled={disabled}
        >
          <SelectTrigger
            id={inputId}
            aria-label={label}
            aria-required={isRequired || undefined}
            aria-describedby={describedBy}
          >
            <SelectValue placeholder="Choose a value" />
          </SelectTrigger>
          <SelectContent>
            {options.map((option, index) => (
              <SelectItem key={index} value={String(index)}>
                {typeof option === 'string' ? option : JSON.stringify(option)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      );
    }
    case 'array':
      return <ArrayInput {...props} />;
    case 'json':
      return <JsonInput {...props} />;
  }
}

function TimezoneInput({ inputId, value, onChange, disabled, isRequired, describedBy }: FieldInputProps) {
  const errorId = useId();
  const text = typeof value === 'string' ? value : '';
  const error = !disabled && text.trim() !== '' ? validateTimezoneOffset(text) : null;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-1.5">
      <Input
        id={inputId}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        placeholder="UTC+8"
        aria-required={isRequired || undefined}
        aria-invalid={error !== null || undefined}
        aria-describedby={[describedBy, error ? errorId : undefined].filter(Boolean).join(' ') || undefined}
      />
      <FieldError id={errorId}>{error ?? undefined}</FieldError>
    </div>
  );
}

function formatNumber(value: unknown) {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

function NumberInput({
  kind,
  label,
  schema,
  inputId,
  value,
  onChange,
  disabled,
  isRequired,
  describedBy,
}: FieldInputProps) {
  const isInteger = kind === 'integer';
  const range = numberFieldRange(schema);
  const hintId = useId();
  // The text keeps what is typed ('1.', '-') while the value is the parsed number or null.
  const [text, setText] = useState(() => formatNumber(value));
  const [shownValue, setShownValue] = useState(value);
  if (!Object.is(shownValue, value)) {
    setShownValue(value);
    if (parseNumberInput(text, { integer: isInteger }) !== value) setText(formatNumber(value));
  }
  const numeric = typeof value === 'number' ? value : null;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
      <Input
        id={inputId}
        type="number"
        inputMode={isInteger ? 'numeric' : 'decimal'}
        value={text}
        min={schema.minimum}
        max={schema.maximum}
        step={range.step}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parseNumberInput(event.target.value, { integer: isInteger }));
        }}
        disabled={disabled}
        aria-required={isRequired || undefined}
        aria-describedby={[describedBy, hintId].filter(Boolean).join(' ')}
      />
      <Slider
        min={range.min}
        max={range.max}
        step={range.step}
        value={[Math.min(range.max, Math.max(range.min, numeric ?? range.min))]}
        onValueChange={([next]) => {
          if (next === undefined) return;
          const rounded = Number(next.toFixed(6));
          setText(String(rounded));
          onChange(rounded);
        }}
        disabled={disabled}
        thumbLabels={[`${label} slider`]}
      />
      <p id={hintId} className="flex justify-between text-xs text-muted-foreground">
        <span>Min: {range.min}</span>
        <span>Max: {range.max}</span>
      </p>
    </div>
  );
}

function ArrayInput({ label, schema, value, onChange, disabled }: FieldInputProps) {
  const items = Array.isArray(value) ? (value as unknown[]) : [];
  const itemType = primaryType(schema.items);
  const blank = itemType === 'boolean' ? false : itemType === 'number' || itemType === 'integer' ? null : '';
  const setItem = (index: number, next: unknown) =>
    onChange(items.map((item, position) => (position === index ? next : item)));
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
      {items.length === 0 ? <p className="text-xs text-muted-foreground">No items.</p> : null}
      {items.map((item, index) => (
        <div key={index} className="flex items-center gap-2">
          <ArrayItemInput
            itemType={itemType}
            value={item}
            onChange={(next) => setItem(index, next)}
            disabled={disabled}
            label={`${label} item ${index + 1}`}
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            onClick={() => onChange(removeArrayItem(items, index))}
            disabled={disabled}
            aria-label={`Remove ${label} item ${index + 1}`}
          >
            <X aria-hidden />
          </Button>
        </div>
      ))}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => onChange([...items, blank])}
        disabled={disabled}
      >
        <Plus aria-hidden />
        Add item
      </Button>
    </div>
  );
}

function ArrayItemInput({
  itemType,
  value,
  onChange,
  disabled,
  label,
}: {
  itemType: string | undefined;
  value: unknown;
  onChange: (value: unknown) => void;
  disabled: boolean;
  label: string;
}) {
  if (itemType === 'boolean') {
    return (
      <div className="flex h-10 flex-1 items-center">
        <Switch checked={value === true} onCheckedChange={onChange} disabled={disabled} aria-label={label} />
      </div>
    );
  }
  if (itemType === 'number' || itemType === 'integer') {
    return (
      <Input
        type="number"
        value={formatNumber(value)}
        onChange={(event) => onChange(parseNumberInput(event.target.value, { integer: itemType === 'integer' }))}
        disabled={disabled}
        aria-label={label}
        className="flex-1"
      />
    );
  }
  return (
    <Input
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      aria-label={label}
      className="flex-1"
    />
  );
}

function JsonInput({ inputId, schema, value, onChange, disabled, isRequired, describedBy }: FieldInputProps) {
  const errorId = useId();
  const [text, setText] = useState(() => (value === undefined || value === null ? '' : JSON.stringify(value, null, 2)));
  const [error, setError] = useState<string | null>(null);
  const type = primaryType(schema) ?? 'value';
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-1.5">
      <Textarea
        id={inputId}
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          if (next.trim() === '') {
            setError(null);
            onChange(null);
            return;
          }
          try {
            onChange(JSON.parse(next) as unknown);
            setError(null);
          } catch {
            setError('Enter valid JSON');
          }
        }}
        disabled={disabled}
        rows={3}
        spellCheck={false}
        placeholder={type === 'object' ? '{ }' : type === 'array' ? '[ ]' : 'JSON value'}
        aria-required={isRequired || undefined}
        aria-invalid={error !== null || undefined}
        aria-describedby={[describedBy, error ? errorId : undefined].filter(Boolean).join(' ') || undefined}
        className="font-mono text-xs"
      />
      <p className="text-xs text-muted-foreground">Raw JSON ({type})</p>
      <FieldError id={errorId}>{error ?? undefined}</FieldError>
    </div>
  );
}
