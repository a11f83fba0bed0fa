import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff, RefreshCw } from 'lucide-react';
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
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { agentWebhookQuery, apiKeyKeys, rotateWebhookSecret } from '../api/api-keys-api';
import { webhookSnippet, WEBHOOK_SECRET_VARIABLE } from '../lib/snippets';
import { CodeBlock, CopyButton } from './copy-button';

type WebhookPanelProps = { subaccountId: string; agentId: string; baseUrl: string; canManage: boolean };

/** The agent's webhook contract: POST /webhook/:agentId with X-Webhook-Secret. */
export function WebhookPanel({ subaccountId, agentId, baseUrl, canManage }: WebhookPanelProps) {
  const queryClient = useQueryClient();
  const webhook = useQuery({ ...agentWebhookQuery(subaccountId, agentId), enabled: canManage });
  const [isSecretVisible, setIsSecretVisible] = useState(false);
  const [isRotateOpen, setIsRotateOpen] = useState(false);
  const url = webhook.data?.url ?? `${baseUrl}/webhook/${agentId}`;

  const rotate = useMutation({
    mutationFn: () => rotateWebhookSecret({ subaccountId, agentId }),
    onSuccess: (next) => {
      queryClient.setQueryData(apiKeyKeys.webhook(subaccountId, agentId), next);
      setIsRotateOpen(false);
      toast.success('Webhook secret rotated');
    },
  });

  return (
    <section
      aria-labelledby="webhook-heading"
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4 rounded-[var(--radius-card)] border border-border bg-card p-5 sm:p-6"
    >
      <div>
        <h2 id="webhook-heading" className="text-base font-semibold">
          Webhook
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          For integrations that post one message at a time. Send{' '}
          <code className="font-mono text-xs">{'{ type: "user_message", threadId, message }'}</code>; the answer is{' '}
          <code className="font-mono text-xs">{'{ threadId, response }'}</code>. Pass the returned threadId to continue
          the conversation.
        </p>
      </div>

      <dl className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 text-sm">
        <div className="grid grid-cols-[minmax(0,1fr)] gap-1">
          <dt className="text-xs font-medium text-muted-foreground">URL (POST)</dt>
          <dd className="flex items-center gap-2 rounded-[var(--radius-control)] border border-border bg-muted py-1 pl-3 pr-1">
            <code className="min-w-0 flex-1 truncate font-mono text-xs">{url}</code>
            <CopyButton text={url} label="Copy webhook URL" />
          </dd>
        </div>
        <div className="grid grid-cols-[minmax(0,1fr)] gap-1">
          <dt className="text-xs font-medium text-muted-foreground">Header X-Webhook-Secret</dt>
          <dd>
            {!canManage ? (
              <p className="text-sm text-muted-foreground">
                Members and admins of this sub account can see the secret.
              </p>
            ) : webhook.isPending ? (
              <Skeleton className="h-10 w-full" />
            ) : webhook.isError ? (
              <ErrorState
                title="The webhook secret could not load"
                message={webhook.error.message}
                onRetry={() => void webhook.refetch()}
                className="max-w-none py-6"
              />
            ) : (
              <div className="flex items-center gap-1 rounded-[var(--radius-control)] border border-border bg-muted py-1 pl-3 pr-1">
                <code className="min-w-0 flex-1 truncate font-mono text-xs">
                  {isSecretVisible ? webhook.data.secret : '•'.repeat(24)}
                </code>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  onClick={() => setIsSecretVisible((visible) => !visible)}
                  aria-label={isSecretVisible ? 'Hide webhook secret' : 'Show webhook secret'}
                >
                  {isSecretVisible ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
                </Button>
                <CopyButton text={webhook.data.secret} label="Copy webhook secret" />
                <Button
                  variant="ghost"
                  size="icon-sm"
                  onClick={() => setIsRotateOpen(true)}
                  aria-label="Rotate webhook secret"
                >
                  <RefreshCw aria-hidden />
                </Button>
              </div>
            )}
          </dd>
        </div>
      </dl>

      <CodeBlock code={webhookSnippet({ url })} label="Copy webhook snippet" />
      <p className="text-xs text-muted-foreground">
        Put the secret in <code className="font-mono">{WEBHOOK_SECRET_VARIABLE}</code>. A wrong or missing secret
        answers 401.
      </p>

      <Dialog open={isRotateOpen} onOpenChange={setIsRotateOpen}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Rotate webhook secret</DialogTitle>
            <DialogDescription>
              The current secret stops working at once. Integrations that use it need the new one.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="ghost" onClick={() => setIsRotateOpen(false)} disabled={rotate.isPending}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => rotate.mutate()} disabled={rotate.isPending}>
              {rotate.isPending ? 'Rotating…' : 'Rotate secret'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
