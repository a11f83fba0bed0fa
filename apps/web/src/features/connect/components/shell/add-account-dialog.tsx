import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
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
import { sessionQueryKey } from '@/lib/session';
import { openUpgradeDialog } from '@/lib/upgrade-events';
import { createSubaccount } from '../../api/connect-api';
import { connectPath } from '../../lib/connect-nav';

/**
 * '+ Add New Account' creates a real sub account (docs/product/accounts-and-team.md#account-area-connectid) with
 * POST /api/subaccounts and opens its widget designer). The plan's sub-account limit answers
 * 403, which opens the upgrade dialog.
 */
export function AddAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const nameId = useId();
  const errorId = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const create = useMutation({
    mutationFn: (accountName: string) => createSubaccount(accountName),
    meta: { silentError: true },
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      toast.success(`${created.name} created`);
      onOpenChange(false);
      setName('');
      void navigate(connectPath(created.id, 'website-widget'));
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.kind === 'plan') {
        onOpenChange(false);
        openUpgradeDialog({ reason: failure.message });
        return;
      }
      setError(failure.message);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setError('Name is required');
      return;
    }
    if (trimmed.length > 80) {
      setError('Name must be at most 80 characters');
      return;
    }
    setError(undefined);
    create.mutate(trimmed);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!create.isPending) onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Add New Account</DialogTitle>
          <DialogDescription>A sub account holds one client's agents, widgets and team.</DialogDescription>
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
            <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
