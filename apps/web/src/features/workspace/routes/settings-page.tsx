import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { MeReply, Subaccount } from '@agentry/core/auth';
import { UnsavedChangesDialog } from '@/components/unsaved-changes-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { apiRequest } from '@/lib/api';
import { sessionQueryKey, useSession } from '@/lib/session';
import { useUnsavedChangesGuard } from '@/lib/use-unsaved-changes';
import { SubaccountAvatar } from '../components/subaccount-avatar';
import { WorkspacePage } from '../components/workspace-page';

const roleBadge: Record<Subaccount['role'], 'admin' | 'default' | 'viewer'> = { admin: 'admin', member: 'default', viewer: 'viewer' };

/** The signed-in user's profile and sub accounts. */
export function SettingsPage() {
  const { data: session } = useSession();
  // The workspace layout only renders its pages with a session.
  if (!session) return null;
  return (
    <WorkspacePage className="flex max-w-3xl flex-col gap-6">
      <ProfileSection key={session.user.id} user={session.user} />
      <SubaccountsSection subaccounts={session.subaccounts} activeSubaccountId={session.activeSubaccountId} />
    </WorkspacePage>
  );
}

function ProfileSection({ user }: { user: MeReply['user'] }) {
  const queryClient = useQueryClient();
  const nameId = useId();
  const savedName = user.name;
  const [name, setName] = useState(savedName);
  const trimmed = name.trim();
  const isDirty = trimmed !== savedName.trim();
  const canSave = isDirty && trimmed !== '';

  const saveName = useMutation({
    mutationFn: (nextName: string) => apiRequest<unknown>('/api/me', { method: 'PATCH', body: { name: nextName } }),
    onSuccess: (_reply, nextName) => {
      queryClient.setQueryData<MeReply | null>(sessionQueryKey, (current) => (current ? { ...current, user: { ...current.user, name: nextName } } : current));
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      setName(nextName);
    },
  });

  const guard = useUnsavedChangesGuard({
    isDirty,
    onSave: canSave ? () => saveName.mutateAsync(trimmed) : undefined,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    saveName.mutate(trimmed, { onSuccess: () => toast.success('Profile saved') });
  };

  return (
    <section aria-labelledby={`${nameId}-heading`} className="rounded-[var(--radius-card)] border border-border bg-card p-6">
      <h2 id={`${nameId}-heading`} className="text-base font-semibold">
        Profile
      </h2>
      <form onSubmit={submit} className="mt-4 grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={nameId}>Display name</Label>
          <Input id={nameId} value={name} onChange={(event) => setName(event.target.value)} autoComplete="name" maxLength={120} />
        </div>
        <div className="grid gap-2">
          <span className="text-sm font-medium leading-none">Email</span>
          <p className="text-sm text-muted-foreground">{user.email}</p>
        </div>
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={!canSave || saveName.isPending}>
            {saveName.isPending ? 'Saving...' : 'Save'}
          </Button>
          {isDirty ? <span className="text-sm text-muted-foreground">You have unsaved changes</span> : null}
        </div>
      </form>
      <UnsavedChangesDialog guard={guard} />
    </section>
  );
}

function SubaccountsSection({ subaccounts, activeSubaccountId }: { subaccounts: Subaccount[]; activeSubaccountId: string | null }) {
  return (
    <section aria-labelledby="subaccounts-heading" className="rounded-[var(--radius-card)] border border-border bg-card p-6">
      <h2 id="subaccounts-heading" className="text-base font-semibold">
        Sub accounts
      </h2>
      {subaccounts.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">You are not a member of any sub account yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-border">
          {subaccounts.map((subaccount) => (
            <li key={subaccount.id} className="flex items-center gap-3 py-3">
              <SubaccountAvatar subaccount={subaccount} />
              <div className="min-w-0 flex-1">
                <Link to={`/subaccounts/${encodeURIComponent(subaccount.id)}/agents`} className="block truncate text-sm font-medium hover:underline">
                  {subaccount.name}
                </Link>
                <p className="text-xs text-muted-foreground">
                  {subaccount.agentCount === 1 ? '1 agent' : `${subaccount.agentCount} agents`}
                  {subaccount.id === activeSubaccountId ? ' · Active' : ''}
                </p>
              </div>
              <Badge variant={roleBadge[subaccount.role]} className="capitalize">
                {subaccount.role}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
