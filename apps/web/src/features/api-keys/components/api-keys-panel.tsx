import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, CreatedApiKeyReply } from '@agentry/core/llm';
import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { apiKeyKeys, apiKeysQuery, createApiKey, revokeApiKey } from '../api/api-keys-api';
import { CreateApiKeyDialog } from './create-api-key-dialog';

function formatDate(iso: string | null) {
  if (!iso) return 'Never';
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

type ApiKeysPanelProps = {
  subaccountId: string;
  canManage: boolean;
  /** A key was just created: its secret, for the request console (kept in memory only). */
  onCreated: (created: CreatedApiKeyReply) => void;
};

/** The sub account's API keys: create (shown once), list, revoke. */
export function ApiKeysPanel({ subaccountId, canManage, onCreated }: ApiKeysPanelProps) {
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeysQuery(subaccountId));
  const [isCreating, setIsCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const create = useMutation({
    mutationFn: (name: string) => createApiKey({ subaccountId, name }),
    onSuccess: (created) => {
      queryClient.setQueryData<{ keys: ApiKey[] }>(apiKeyKeys.list(subaccountId), (current) => {
        const { secret: _secret, ...key } = created;
        return { keys: [key, ...(current?.keys ?? []).filter((existing) => existing.id !== key.id)] };
      });
      void queryClient.invalidateQueries({ queryKey: apiKeyKeys.list(subaccountId) });
      onCreated(created);
    },
  });

  const revoke = useMutation({
    mutationFn: (key: ApiKey) => revokeApiKey({ subaccountId, keyId: key.id }),
    onSuccess: (_reply, key) => {
      queryClient.setQueryData<{ keys: ApiKey[] }>(apiKeyKeys.list(subaccountId), (current) =>
        current ? { keys: current.keys.filter((existing) => existing.id !== key.id) } : current,
      );
      void queryClient.invalidateQueries({ queryKey: apiKeyKeys.list(subaccountId) });
      setRevoking(null);
      toast.success(`${key.name} was revoked`);
    },
  });

  const list = keys.data?.keys ?? [];

  return (
    <section
      aria-labelledby="api-keys-heading"
      className="rounded-[var(--radius-card)] border border-border bg-card p-5 sm:p-6"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id="api-keys-heading" className="text-base font-semibold">
            API keys
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Keys are stored hashed: a key&apos;s secret is shown once, when it is created.
          </p>
        </div>
        {canManage && list.length > 0 ? (
          <Button onClick={() => setIsCreating(true)} className="shrink-0">
            <Plus aria-hidden />
            Create key
          </Button>
        ) : null}
      </div>

      <div className="mt-5">
        {keys.isPending ? (
          <div role="status" aria-label="Loading API keys" className="grid grid-cols-[minmax(0,1fr)] gap-2">
            {[0, 1].map((index) => (
              <Skeleton key={index} className="h-14 w-full" />
            ))}
          </div>
        ) : keys.isError ? (
          <ErrorState
            title="Failed to load API keys"
            message={keys.error.message}
            onRetry={() => void keys.refetch()}
            isRetrying={keys.isFetching}
          />
        ) : list.length === 0 ? (
          <EmptyState
            icon={KeyRound}
            title="No API keys yet"
            description="Create an API key to call your agents from your own code, then try requests against them here."
            action={
              canManage ? (
                <Button onClick={() => setIsCreating(true)}>
                  <Plus aria-hidden />
                  Create key
                </Button>
              ) : undefined
            }
            className="max-w-none"
          />
        ) : (
          <ul
            aria-label="API keys"
            className="divide-y divide-border rounded-[var(--radius-control)] border border-border"
          >
            {list.map((key) => (
              <li key={key.id} className="flex flex-wrap items-center gap-3 p-3">
                <span
                  aria-hidden
                  className="flex size-9 shrink-0 items-center justify-center rounded-[var(--radius-control)] bg-secondary text-secondary-foreground"
                >
                  <KeyRound className="size-4" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{key.name}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    <span className="font-mono">{key.prefix}…</span> · created {formatDate(key.createdAt)} · last used{' '}
                    {formatDate(key.lastUsedAt)}
                  </p>
                </div>
                {canManage ? (
                  <Button variant="ghost" size="sm" onClick={() => setRevoking(key)} aria-label={`Revoke ${key.name}`}>
                    <Trash2 aria-hidden />
                    Revoke
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>

      <CreateApiKeyDialog
        open={isCreating}
        onOpenChange={setIsCreating}
        onCreate={(name) => create.mutateAsync(name)}
      />

      <Dialog open={revoking !== null} onOpenChange={(open) => (open ? undefined : setRevoking(null))}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Revoke API key</DialogTitle>
            <DialogDescription>
              Calls with <span className="font-medium text-foreground">{revoking?.name}</span> stop working at once.
              This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="ghost" onClick={() => setRevoking(null)} disabled={revoke.isPending}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              onClick={() => revoking && revoke.mutate(revoking)}
              disabled={revoke.isPending}
            >
              {revoke.isPending ? 'Revoking…' : 'Revoke key'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
