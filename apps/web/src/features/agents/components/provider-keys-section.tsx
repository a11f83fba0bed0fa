import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProviderKey } from '@agentry/core/llm';
import { KeyRound, Plus, RefreshCw, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { showErrorDialog } from '@/components/error-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { formatRelativeTime } from '@/lib/relative-time';
import {
  createProviderKey,
  deleteProviderKey,
  providerKeyKeys,
  providerKeysQuery,
  testProviderKey,
  updateProviderKey,
} from '../api/provider-keys-api';
import { providerLabels } from '../lib/agent-labels';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { ProviderKeyDialog, type ProviderKeyForm } from './provider-key-dialog';

type ProviderKeysSectionProps = { subaccountId: string; subaccountName: string; canManage: boolean };

/** Settings: the sub account's own AI provider keys. A key is never shown back, only its last four. */
export function ProviderKeysSection({ subaccountId, subaccountName, canManage }: ProviderKeysSectionProps) {
  const queryClient = useQueryClient();
  const keys = useQuery(providerKeysQuery(subaccountId));
  const [dialog, setDialog] = useState<{ replacing: ProviderKey | null } | null>(null);
  const [deleting, setDeleting] = useState<ProviderKey | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: providerKeyKeys.list(subaccountId) });

  const save = useMutation({
    meta: { silentError: true },
    mutationFn: (input: { form: ProviderKeyForm; replacing: ProviderKey | null }) =>
      input.replacing
        ? updateProviderKey({
            subaccountId,
            keyId: input.replacing.id,
            body: {
              apiKey: input.form.apiKey.trim(),
              label: input.form.label.trim(),
              defaultModel: input.form.defaultModel.trim(),
              ...(input.replacing.provider === 'openai-compatible' && input.form.baseUrl.trim()
                ? { baseUrl: input.form.baseUrl.trim() }
                : {}),
            },
          })
        : createProviderKey({
            subaccountId,
            body: {
              provider: input.form.provider,
              label: input.form.label.trim(),
              apiKey: input.form.apiKey.trim(),
              baseUrl: input.form.provider === 'openai-compatible' ? input.form.baseUrl.trim() : null,
              defaultModel: input.form.defaultModel.trim(),
            },
          }),
    onSuccess: (_key, input) => {
      void refresh();
      toast.success(input.replacing ? 'Key replaced' : 'Key saved');
    },
  });

  const test = useMutation({
    meta: { silentError: true },
    mutationFn: (key: ProviderKey) => testProviderKey({ subaccountId, keyId: key.id }),
    onSuccess: (reply, key) => {
      if (reply.ok) toast.success(`${key.label || providerLabels[key.provider]} works`);
      else
        showErrorDialog(reply.error ?? { type: 'unknown_error', message: 'The key did not work.' }, {
          context: `Tested ${providerLabels[key.provider]} key ••••${key.lastFour}`,
        });
    },
    onError: (error) => showErrorDialog(error),
  });

  const remove = useMutation({
    mutationFn: (key: ProviderKey) => deleteProviderKey({ subaccountId, keyId: key.id }),
    onSuccess: () => {
      void refresh();
      toast.success('Key deleted');
    },
  });

  const list = keys.data?.keys ?? [];

  return (
    <section
      id="provider-keys"
      aria-labelledby="provider-keys-heading"
      className="scroll-mt-24 rounded-[var(--radius-card)] border border-border bg-card p-6"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id="provider-keys-heading" className="text-base font-semibold">
            AI provider keys
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Let the agents of {subaccountName} use your own OpenAI, OpenRouter or OpenAI-compatible key instead of
            platform credits. Keys are stored encrypted; only their last four characters are shown.
          </p>
        </div>
        {canManage && list.length > 0 ? (
          <Button variant="outline" onClick={() => setDialog({ replacing: null })} className="shrink-0">
            <Plus aria-hidden />
            Add key
          </Button>
        ) : null}
      </div>

      <div className="mt-5">
        {keys.isPending ? (
          <div role="status" aria-label="Loading provider keys" className="grid gap-3">
            {[0, 1].map((index) => (
              <div
                key={index}
                className="flex items-center gap-3 rounded-[var(--radius-control)] border border-border p-3"
              >
                <Skeleton className="size-9" />
                <div className="grid flex-1 gap-2">
                  <Skeleton className="h-4 w-40" />
                  <Skeleton className="h-3 w-24" />
                </div>
              </div>
            ))}
          </div>
        ) : keys.isError ? (
          <ErrorState
            title="Failed to load provider keys"
            message={keys.error.message}
            onRetry={() => void keys.refetch()}
            isRetrying={keys.isFetching}
          />
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-[var(--radius-control)] border border-dashed border-border px-4 py-8 text-center">
            <KeyRound className="size-6 text-muted-foreground" aria-hidden />
            <p className="text-sm font-medium">No provider keys yet</p>
            <p className="max-w-sm text-xs text-muted-foreground">
              Without one, agents use the platform&apos;s AI keys (which cost credits) or the offline responder.
            </p>
            {canManage ? (
              <Button onClick={() => setDialog({ replacing: null })} className="mt-2">
                <Plus aria-hidden />
                Add key
              </Button>
            ) : (
              <p className="text-xs text-muted-foreground">Only admins of this sub account can add keys.</p>
            )}
          </div>
        ) : (
          <ul
            aria-label="Provider keys"
            className="divide-y divide-border rounded-[var(--radius-control)] border border-border"
          >
            {list.map((key) => {
              const name = key.label || providerLabels[key.provider];
              const isTesting = test.isPending && test.variables?.id === key.id;
              return (
                <li key={key.id} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center">
                  <div className="flex min-w-0 flex-1 items-center gap-3">
                    <span
                      aria-hidden
                      className="flex size-9 shrink-0 items-center justify-center rounded-[var(--radius-control)] bg-secondary text-secondary-foreground"
                    >
                      <KeyRound className="size-4" />
                    </span>
                    <div className="min-w-0">
                      <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                        <span className="truncate">{name}</span>
                        <Badge variant="outline">{providerLabels[key.provider]}</Badge>
                      </p>
                      <p className="truncate text-xs text-muted-foreground">
                        <span className="font-mono">••••{key.lastFour}</span>
                        {key.baseUrl ? ` · ${key.baseUrl}` : ''}
                        {key.defaultModel ? ` · default model ${key.defaultModel}` : ''} · updated{' '}
                        {formatRelativeTime(key.updatedAt)}
                      </p>
                    </div>
                  </div>
                  {canManage ? (
                    <div className="flex flex-wrap gap-1">
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => test.mutate(key)}
                        disabled={test.isPending}
                        aria-label={`Test ${name}`}
                      >
                        {isTesting ? <Spinner /> : <ShieldCheck aria-hidden />}
                        Test
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setDialog({ replacing: key })}
                        aria-label={`Replace ${name}`}
                      >
                        <RefreshCw aria-hidden />
                        Replace
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        onClick={() => setDeleting(key)}
                        aria-label={`Delete ${name}`}
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>

      <ProviderKeyDialog
        open={dialog !== null}
        onOpenChange={(open) => {
          if (!open) setDialog(null);
        }}
        replacing={dialog?.replacing ?? null}
        onSubmit={(form) => save.mutateAsync({ form, replacing: dialog?.replacing ?? null })}
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete provider key"
        description={`Agents that use ${deleting?.label || (deleting ? providerLabels[deleting.provider] : 'this key')} fall back to the next key of the provider, then to the platform key.`}
        confirmLabel="Delete key"
        onConfirm={() => (deleting ? remove.mutateAsync(deleting) : Promise.resolve())}
      />
    </section>
  );
}
