import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { MeReply } from '@agentry/core/auth';
import { UnsavedChangesDialog } from '@/components/unsaved-changes-dialog';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { apiRequest } from '@/lib/api';
import { sessionQueryKey } from '@/lib/session';
import { useUnsavedChangesGuard } from '@/lib/use-unsaved-changes';

/** Settings: the signed-in user's display name (saved with PATCH /api/me) and e-mail. */
export function ProfileSection({ user }: { user: MeReply['user'] }) {
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
      queryClient.setQueryData<MeReply | null>(sessionQueryKey, (current) =>
        current ? { ...current, user: { ...current.user, name: nextName } } : current,
      );
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
    <section
      aria-labelledby={`${nameId}-heading`}
      className="rounded-[var(--radius-card)] border border-border bg-card p-6"
    >
      <h2 id={`${nameId}-heading`} className="text-base font-semibold">
        Profile
      </h2>
      <form onSubmit={submit} className="mt-4 grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={nameId}>Display name</Label>
          <Input
            id={nameId}
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoComplete="name"
            maxLength={120}
          />
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
