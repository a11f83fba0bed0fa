import { KeyedLlmProvider, type ProviderKey } from '@agentry/core/llm';
import { AlertTriangle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
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
import { ApiError } from '@/lib/api';
import { providerLabels } from '../lib/agent-labels';

export type ProviderKeyForm = {
  provider: KeyedLlmProvider;
  label: string;
  apiKey: string;
  baseUrl: string;
  /** The model new agents on this key get (empty: the platform default). */
  defaultModel: string;
};

type ProviderKeyDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The key to replace; null adds a new one. */
  replacing: ProviderKey | null;
  onSubmit: (form: ProviderKeyForm) => Promise<unknown>;
};

const placeholders: Record<KeyedLlmProvider, string> = {
  openai: 'sk-…',
  openrouter: 'sk-or-…',
  'openai-compatible': 'Your server key',
};

/** Adds a provider key, or replaces the secret of one. The key is sent once and never shown again. */
export function ProviderKeyDialog({ open, onOpenChange, replacing, onSubmit }: ProviderKeyDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? <ProviderKeyDialogBody replacing={replacing} onSubmit={onSubmit} onOpenChange={onOpenChange} /> : null}
    </Dialog>
  );
}

function ProviderKeyDialogBody({ replacing, onSubmit, onOpenChange }: Omit<ProviderKeyDialogProps, 'open'>) {
  const ids = { provider: useId(), label: useId(), key: useId(), baseUrl: useId(), model: useId() };
  const [form, setForm] = useState<ProviderKeyForm>({
    provider: replacing?.provider ?? 'openai',
    label: replacing?.label ?? '',
    apiKey: '',
    baseUrl: replacing?.baseUrl ?? '',
    defaultModel: replacing?.defaultModel ?? '',
  });
  const [failure, setFailure] = useState<unknown>(null);
  const [isPending, setIsPending] = useState(false);
  const [hasTried, setHasTried] = useState(false);
  const keyError = hasTried && form.apiKey.trim() === '' ? 'API key is required' : undefined;
  const baseUrlError =
    hasTried && form.provider === 'openai-compatible' && form.baseUrl.trim() === '' && !replacing
      ? 'Enter the base URL of your server'
      : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setHasTried(true);
    if (
      form.apiKey.trim() === '' ||
      (form.provider === 'openai-compatible' && form.baseUrl.trim() === '' && !replacing)
    )
      return;
    setIsPending(true);
    setFailure(null);
    try {
      await onSubmit(form);
      onOpenChange(false);
    } catch (error) {
      setFailure(error);
    } finally {
      setIsPending(false);
    }
  };

  const isConfigError = failure instanceof ApiError && failure.code === 'CONFIG_ERROR';
  const failureMessage = failure instanceof Error ? failure.message : failure ? 'Failed to save the key' : null;

  return (
    <DialogContent className="max-w-md">
      <form onSubmit={(event) => void submit(event)} className="grid grid-cols-[minmax(0,1fr)] gap-4" noValidate>
        <DialogHeader>
          <DialogTitle>{replacing ? 'Replace key' : 'Add provider key'}</DialogTitle>
          <DialogDescription>
            {replacing
              ? `Paste the new key for ${replacing.label || providerLabels[replacing.provider]}. The old one stops being used at once.`
              : 'The key is stored encrypted. After saving, only its last four characters are ever shown.'}
          </DialogDescription>
        </DialogHeader>

        {replacing ? null : (
          <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
            <Label htmlFor={ids.provider}>Provider</Label>
            <Select
              value={form.provider}
              onValueChange={(provider) => setForm({ ...form, provider: KeyedLlmProvider.parse(provider) })}
            >
              <SelectTrigger id={ids.provider}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {KeyedLlmProvider.options.map((provider) => (
                  <SelectItem key={provider} value={provider}>
                    {providerLabels[provider]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        )}

        <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
          <Label htmlFor={ids.label}>Label</Label>
          <Input
            id={ids.label}
            value={form.label}
            onChange={(event) => setForm({ ...form, label: event.target.value })}
            maxLength={80}
            placeholder="Production key"
            autoComplete="off"
          />
        </div>

        <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
          <Label htmlFor={ids.key}>{replacing ? 'New API key' : 'API key'}</Label>
          <Input
            id={ids.key}
            type="password"
            value={form.apiKey}
            onChange={(event) => setForm({ ...form, apiKey: event.target.value })}
            placeholder={placeholders[form.provider]}
            autoComplete="off"
            spellCheck={false}
            maxLength={500}
            aria-invalid={keyError ? true : undefined}
            className="font-mono"
          />
          <FieldError>{keyError}</FieldError>
        </div>

        <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
          <Label htmlFor={ids.model}>Default model</Label>
          <Input
            id={ids.model}
            value={form.defaultModel}
            onChange={(event) => setForm({ ...form, defaultModel: event.target.value })}
            maxLength={200}
            placeholder={form.provider === 'openrouter' ? 'openai/gpt-4o-mini' : 'gpt-4o-mini'}
            autoComplete="off"
            spellCheck={false}
          />
          <p className="text-xs text-muted-foreground">New agents on this key use it; Test checks the key with it.</p>
        </div>

        {form.provider === 'openai-compatible' ? (
          <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
            <Label htmlFor={ids.baseUrl}>Base URL</Label>
            <Input
              id={ids.baseUrl}
              type="url"
              value={form.baseUrl}
              onChange={(event) => setForm({ ...form, baseUrl: event.target.value })}
              placeholder="https://llm.example.com/v1"
              aria-invalid={baseUrlError ? true : undefined}
            />
            <FieldError>{baseUrlError}</FieldError>
          </div>
        ) : null}

        {failureMessage ? (
          <div
            role="alert"
            className="flex gap-2 rounded-[var(--radius-control)] border border-destructive/30 bg-destructive/5 p-3 text-sm"
          >
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
            <div className="grid grid-cols-[minmax(0,1fr)] gap-1">
              <p className="font-medium">{failureMessage}</p>
              {isConfigError ? (
                <p className="text-muted-foreground">
                  This server has no encryption key (ENCRYPTION_KEY), so provider keys cannot be stored. Ask whoever
                  runs it to set one.
                </p>
              ) : null}
            </div>
          </div>
        ) : null}

        <DialogFooter>
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending ? 'Saving…' : replacing ? 'Replace key' : 'Save key'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
