import { Role } from '@agentry/core/auth';
import { InviteMemberBody } from '@agentry/core/team';
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
import { cn } from '@/lib/cn';
import { useTeamMutations } from '../api/team-api';
import { roleDescriptions, roleLabels } from './role-badge';

type InviteDialogProps = {
  subaccountId: string;
  subaccountName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

export function InviteDialog({ subaccountId, subaccountName, open, onOpenChange }: InviteDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <InviteForm subaccountId={subaccountId} subaccountName={subaccountName} onDone={() => onOpenChange(false)} />
      ) : null}
    </Dialog>
  );
}

function InviteForm({
  subaccountId,
  subaccountName,
  onDone,
}: {
  subaccountId: string;
  subaccountName: string;
  onDone: () => void;
}) {
  const { invite } = useTeamMutations(subaccountId);
  const emailId = useId();
  const errorId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = InviteMemberBody.safeParse({ email, role });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    setError(undefined);
    try {
      await invite.mutateAsync(parsed.data);
      toast.success(`Invitation sent to ${parsed.data.email}`);
      onDone();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Something went wrong');
    }
  };

  return (
    <DialogContent className="max-w-md">
      <form onSubmit={(event) => void submit(event)} className="grid gap-5" noValidate>
        <DialogHeader>
          <DialogTitle>Invite to {subaccountName}</DialogTitle>
          <DialogDescription>
            We e-mail a link that works for 7 days. New addresses sign up through it.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={emailId}>Email</Label>
          <Input
            id={emailId}
            type="email"
            autoComplete="off"
            autoFocus
            placeholder="name@company.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={error !== undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <FieldError id={errorId}>{error}</FieldError>
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Role</legend>
          {Role.options.map((option) => (
            <label
              key={option}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-[var(--radius-control)] border border-border p-3 text-sm',
                role === option && 'border-primary bg-primary/5',
              )}
            >
              <input
                type="radio"
                name="role"
                value={option}
                checked={role === option}
                onChange={() => setRole(option)}
                className="mt-0.5 accent-[var(--color-primary)]"
              />
              <span>
                <span className="font-medium">{roleLabels[option]}</span>
                <span className="block text-muted-foreground">{roleDescriptions[option]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <DialogFooter>
          <Button variant="ghost" onClick={onDone} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? 'Sending…' : 'Send invitation'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
