import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubaccountDeletionSummary, SubaccountProfile } from '@agentry/core/subaccounts';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { deleteSubaccount, subaccountDeletionSummaryQuery } from '@/lib/queries/subaccounts';
import { sessionQueryKey } from '@/lib/session';
import { SettingsCard } from './settings-card';

const summaryLines: [keyof SubaccountDeletionSummary, string, string][] = [
  ['agents', 'agent', 'agents'],
  ['widgets', 'website widget', 'website widgets'],
  ['channelConnections', 'SMS, WhatsApp or social connection', 'SMS, WhatsApp and social connections'],
  ['demos', 'demo', 'demos'],
  ['evaluationRuns', 'evaluation run', 'evaluation runs'],
  ['providerKeys', 'provider key', 'provider keys'],
  ['apiKeys', 'API key', 'API keys'],
  ['members', 'team member loses access', 'team members lose access'],
];

/** Deleting the sub account: what goes is listed, then the word 'confirm' is typed. */
export function DeleteAccountCard({ profile }: { profile: SubaccountProfile }) {
  const [isOpen, setIsOpen] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const summary = useQuery({ ...subaccountDeletionSummaryQuery(profile.id), enabled: isOpen });
  const remove = useMutation({
    mutationFn: () => deleteSubaccount({ subaccountId: profile.id, confirmation: 'confirm' }),
    onSuccess: async () => {
      toast.success(`${profile.name} deleted`);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      void navigate('/connect', { replace: true });
    },
  });
  return (
    <SettingsCard
      id="delete-account"
      title="Delete this account"
      description="Removes the account and everything in it for good. Your plan and credits stay with you."
    >
      <Button variant="destructive" onClick={() => setIsOpen(true)}>
        <Trash2 aria-hidden />
        Delete account
      </Button>
      <ConfirmDeleteDialog
        open={isOpen}
        onOpenChange={setIsOpen}
        title={`Delete ${profile.name}?`}
        confirmLabel="Delete account"
        onConfirm={() => remove.mutateAsync()}
        description={
          <span className="grid gap-2">
            <span>This removes, and cannot be undone:</span>
            {summary.isPending ? (
              <span className="text-muted-foreground">Counting what it holds...</span>
            ) : summary.isError ? (
              <span className="text-destructive">{summary.error.message}</span>
            ) : (
              <ul aria-label="What is removed" className="list-disc pl-5">
                {summaryLines.map(([key, one, many]) => {
                  const value = summary.data[key];
                  return (
                    <li key={key}>
                      {value} {value === 1 ? one : many}
                    </li>
                  );
                })}
                <li>its conversations, usage history and settings</li>
              </ul>
            )}
          </span>
        }
      />
    </SettingsCard>
  );
}
