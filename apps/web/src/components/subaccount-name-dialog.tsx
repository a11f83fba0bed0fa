import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Subaccount } from '@agentry/core/auth';
import { useId, useState, type FormEvent } from 'react';
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
import { FieldError, Input, Label } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { createSubaccount, patchSubaccount, planLimitMessage, subaccountKeys } from '@/lib/queries/subaccounts';
import { sessionQueryKey } from '@/lib/session';
import { openUpgradeDialog } from '@/lib/upgrade-events';

type SubaccountNameDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Renames this sub account; without it the dialog creates a new one. */
  renaming?: Pick<Subaccount, 'id' | 'name'>;
  onCreated?: (created: Subaccount) => void;
};

function validateName(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'Name is required';
  if (trimmed.length > 80) return 'Name must be at most 80 characters';
  return undefined;
}

/**
 * Creates a sub account (POST /api/subaccounts) or renames one, from any switcher or list. The
 * plan's sub-account limit closes the dialog and opens the upgrade dialog with the server's
 * message, which names the plan.
 */
export function SubaccountNameDialog({ open, onOpenChange, renaming, onCreated }: SubaccountNameDialogProps) {
  const [name, setName] = useState(renaming?.name ?? '');
  const [error, setError] = useState<string | undefined>();
  const nameId = useId();
  const errorId = useId();
  const queryClient = useQueryClient();

  const save = useMutation({
    mutationFn: async (accountName: string) => {
      if (renaming) {
        await patchSubaccount({ subaccountId: renaming.id, body: { name: accountName } });
        return null;
      }
      return createSubaccount(accountName);
    },
    meta: { silentError: true },
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      if (renaming) void queryClient.invalidateQueries({ queryKey: subaccountKeys.profile(renaming.id) });
      toast.success(created ? `${created.name} created` : 'Account renamed');
      onOpenChange(false);
      setName('');
      if (created) onCreated?.(created);
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.kind === 'plan' && !renaming) {
        onOpenChange(false);
        openUpgradeDialog({ reason: planLimitMessage(failure) });
        return;
      }
      setError(failure.message);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateName(name);
    setError(problem);
    if (!problem) save.mutate(name.trim());
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!save.isPending) onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{renaming ? 'Rename account' : 'Add New Account'}</DialogTitle>
          <DialogDescription>
            {renaming
              ? 'The new name shows in every switcher and list.'
              : "A sub account holds one client's agents, widgets and team."}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-2">
            <Label htmlFor={nameId}>Account name</Label>
            <Input
              id={nameId}
              value={name}
              autoFocus
              maxLength={120}
              placeholder="e.g. Bright Smile Dental"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => setName(event.target.value)}
            />
            <FieldError id={errorId}>{error}</FieldError>
          </div>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {renaming
                ? save.isPending
                  ? 'Saving...'
                  : 'Save name'
                : save.isPending
                  ? 'Creating...'
                  : 'Create account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
