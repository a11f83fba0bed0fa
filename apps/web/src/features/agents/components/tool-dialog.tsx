import {
  HttpMethod,
  HttpToolInput,
  isTimezoneField,
  normalizeToolSchema,
  validateTimezoneOffset,
  type JsonSchemaNode,
  type ParameterSetting,
} from '@agentry/core/tools';
import { Plus, X } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { ToolDraft } from '../lib/agent-form';
import { ParameterForm } from './parameter-form';

const EXAMPLE_SCHEMA: JsonSchemaNode = {
  type: 'object',
  properties: {
    date: { type: 'string', description: 'The day of the booking, YYYY-MM-DD' },
    timezone: { type: 'string', description: 'The customer timezone, e.g. UTC+2' },
    guests: { type: 'integer', minimum: 1, maximum: 12 },
  },
  required: ['date', 'guests'],
};

const EMPTY_SCHEMA: JsonSchemaNode = { type: 'object', properties: {}, required: [] };

type HeaderRow = { id: number; key: string; value: string };

type ToolDialogProps = {
  /** The tool to edit; null adds a new one. */
  tool: ToolDraft | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Names of the agent's other tools (a name is used once). */
  takenNames: string[];
  onSave: (tool: ToolDraft) => void;
};

/** Adds or edits an HTTP tool: how to call it and the JSON Schema of its parameters. */
export function ToolDialog({ tool, open, onOpenChange, takenNames, onSave }: ToolDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? <ToolDialogBody tool={tool} takenNames={takenNames} onSave={onSave} onOpenChange={onOpenChange} /> : null}
    </Dialog>
  );
}

type SchemaState = { schema: JsonSchemaNode | null; error: string | null };

function parseSchema(text: string): SchemaState {
  if (text.trim() === '') return { schema: EMPTY_SCHEMA, error: null };
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return { schema: null, error: 'The parameters must be a JSON Schema object' };
    return { schema: parsed as JsonSchemaNode, error: null };
  } catch {
    return { schema: null, error: 'Enter valid JSON' };
  }
}

function ToolDialogBody({ tool, takenNames, onSave, onOpenChange }: Omit<ToolDialogProps, 'open'>) {
  const ids = { name: useId(), description: useId(), method: useId(), url: useId(), schema: useId() };
  const [name, setName] = useState(tool?.name ?? '');
  const [description, setDescription] = useState(tool?.description ?? '');
  const [method, setMethod] = useState<HttpMethod>(tool?.method ?? 'POST');
  const [url, setUrl] = useState(tool?.url ?? '');
  const [headers, setHeaders] = useState<HeaderRow[]>(() =>
    Object.entries(tool?.headers ?? {}).map(([key, value], index) => ({ id: index, key, value })),
  );
  const [schemaText, setSchemaText] = useState(() => JSON.stringify(tool?.parameters ?? EMPTY_SCHEMA, null, 2));
  const [parameterModes, setParameterModes] = useState<Record<string, ParameterSetting>>(tool?.parameterModes ?? {});
  const [hasTriedSave, setHasTriedSave] = useState(false);

  const { schema, error: schemaError } = useMemo(() => parseSchema(schemaText), [schemaText]);
  const normalized = useMemo(
    () => (schema ? normalizeToolSchema({ name: name || 'tool', parameters: schema }).schema : null),
    [schema, name],
  );

  const headerRecord = Object.fromEntries(
    headers.filter((row) => row.key.trim() !== '').map((row) => [row.key.trim(), row.value]),
  );
  const candidate = {
    name: name.trim(),
    description,
    method,
    url: url.trim(),
    headers: headerRecord,
    parameters: schema ?? EMPTY_SCHEMA,
    parameterModes,
    enabled: tool?.enabled ?? true,
  };
  const parsed = HttpToolInput.safeParse(candidate);
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      errors[field] ??= issue.message;
    }
  }
  if (!errors.name && takenNames.some((taken) => taken.toLowerCase() === candidate.name.toLowerCase()))
    errors.name = 'Another tool of this agent has this name';
  if (schemaError) errors.parameters = schemaError;
  // A fixed timezone must be a valid UTC offset (docs/product/agents.md#tools); the form shows which one is wrong.
  const hasInvalidTimezone = Object.entries(normalized?.properties ?? {}).some(([key, node]) => {
    const setting = parameterModes[key];
    return (
      setting?.mode === 'manual' &&
      isTimezoneField(key, node) &&
      typeof setting.value === 'string' &&
      setting.value.trim() !== '' &&
      validateTimezoneOffset(setting.value) !== null
    );
  });
  if (hasInvalidTimezone) errors.parameterModes = 'Fix the parameter values marked in red';
  const isValid = Object.keys(errors).length === 0;
  const show = (field: string) => (hasTriedSave ? errors[field] : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setHasTriedSave(true);
    if (!isValid || !schema || !normalized) return;
    const known = new Set(Object.keys(normalized.properties));
    onSave({
      ...candidate,
      parameters: schema,
      parameterModes: Object.fromEntries(Object.entries(parameterModes).filter(([key]) => known.has(key))),
    });
    onOpenChange(false);
  };

  return (
    <DialogContent className="max-w-2xl">
      <form onSubmit={submit} className="grid grid-cols-[minmax(0,1fr)] gap-5" noValidate>
        <DialogHeader>
          <DialogTitle>{tool ? 'Edit tool' : 'Add tool'}</DialogTitle>
          <DialogDescription>
            The agent calls this HTTP endpoint when a conversation needs it. Parameters left to the model are filled
            from the conversation.
          </DialogDescription>
        </DialogHeader>

        <div className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-[repeat(2,minmax(0,1fr))]">
          <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
            <Label htmlFor={ids.name}>Name</Label>
            <Input
              id={ids.name}
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder="book_table"
              autoComplete="off"
              aria-invalid={show('name') ? true : undefined}
              className="font-mono"
            />
            <FieldError>{show('name')}</FieldError>
          </div>
          <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
            <Label htmlFor={ids.method}>Method</Label>
            <Select value={method} onValueChange={(value) => setMethod(HttpMethod.parse(value))}>
              <SelectTrigger id={ids.method}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {HttpMethod.options.map((option) => (
                  <SelectItem key={option} value={option}>
                    {option}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>

        <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
          <Label htmlFor={ids.url}>URL</Label>
          <Input
            id={ids.url}
            type="url"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            placeholder="https://api.example.com/bookings"
            aria-invalid={show('url') ? true : undefined}
          />
          <FieldError>{show('url')}</FieldError>
        </div>

        <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
          <Label htmlFor={ids.description}>Description</Label>
          <Textarea
            id={ids.description}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            rows={2}
            placeholder="Books a table. Use it once the guest confirmed the date and party size."
          />
          <FieldError>{show('description')}</FieldError>
        </div>

        <fieldset className="grid grid-cols-[minmax(0,1fr)] gap-2">
          <legend className="mb-2 text-sm font-medium">Headers</legend>
          {headers.length === 0 ? (
            <p className="text-xs text-muted-foreground">No headers. Add one for an API key or a content type.</p>
          ) : null}
          {headers.map((row, index) => (
            <div key={row.id} className="flex items-center gap-2">
              <Input
                aria-label={`Header ${index + 1} name`}
                value={row.key}
                placeholder="Authorization"
                onChange={(event) =>
                  setHeaders((rows) =>
                    rows.map((item) => (item.id === row.id ? { ...item, key: event.target.value } : item)),
                  )
                }
                className="font-mono"
              />
              <Input
                aria-label={`Header ${index + 1} value`}
                value={row.value}
                placeholder="Bearer …"
                onChange={(event) =>
                  setHeaders((rows) =>
                    rows.map((item) => (item.id === row.id ? { ...item, value: event.target.value } : item)),
                  )
                }
                className="font-mono"
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove header ${index + 1}`}
                onClick={() => setHeaders((rows) => rows.filter((item) => item.id !== row.id))}
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
            onClick={() =>
              setHeaders((rows) => [
                ...rows,
                { id: rows.reduce((max, row) => Math.max(max, row.id), -1) + 1, key: '', value: '' },
              ])
            }
          >
            <Plus aria-hidden />
            Add header
          </Button>
          <FieldError>{show('headers')}</FieldError>
        </fieldset>

        <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
          <div className="flex items-center justify-between gap-2">
            <Label htmlFor={ids.schema}>Parameters (JSON Schema)</Label>
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-auto px-0"
              onClick={() => setSchemaText(JSON.stringify(EXAMPLE_SCHEMA, null, 2))}
            >
              Use an example
            </Button>
          </div>
          <Textarea
            id={ids.schema}
            value={schemaText}
            onChange={(event) => setSchemaText(event.target.value)}
            rows={8}
            spellCheck={false}
            aria-invalid={schemaError ? true : undefined}
            className="font-mono text-xs"
          />
          <FieldError>{schemaError ?? undefined}</FieldError>
        </div>

        {normalized ? (
          <section aria-labelledby={`${ids.schema}-values`} className="grid grid-cols-[minmax(0,1fr)] gap-3">
            <div>
              <h3 id={`${ids.schema}-values`} className="text-sm font-medium">
                Parameter values
              </h3>
              <p className="text-xs text-muted-foreground">
                Fix a value yourself, or leave AI mode on and let the model decide it in each conversation.
              </p>
            </div>
            <ParameterForm schema={normalized} modes={parameterModes} onChange={setParameterModes} />
            <FieldError>{show('parameterModes')}</FieldError>
          </section>
        ) : null}

        <DialogFooter>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={hasTriedSave && !isValid}>
            {tool ? 'Save tool' : 'Add tool'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
