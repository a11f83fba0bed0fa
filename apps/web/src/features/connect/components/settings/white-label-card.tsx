import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubaccountProfile, WhiteLabelSettings } from '@agentry/core/subaccounts';
import { Sparkles } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { putWhiteLabel, subaccountKeys } from '@/lib/queries/subaccounts';
import { openUpgradeDialog } from '@/lib/upgrade-events';
import { SettingsCard } from './settings-card';

/** White-label fields, editable on plans with white-label sub accounts (Scale and up); others see what an upgrade adds. */
export function WhiteLabelCard({ profile, canEdit }: { profile: SubaccountProfile; canEdit: boolean }) {
  const description = 'What this client sees instead of our name and support address.';
  if (!profile.canWhiteLabel) {
    return (
      <SettingsCard id="white-label" title="White label" description={description}>
        <div className="flex flex-wrap items-center gap-3 rounded-[var(--radius-control)] border border-dashed border-border p-4">
          <Sparkles className="size-4 shrink-0 text-primary" aria-hidden />
          <p className="min-w-0 flex-1 text-sm text-muted-foreground">
            White-label sub accounts come with the Scale plan. Your account is on the {profile.planName} plan.
          </p>
          {profile.permissionRole === 'owner' ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => openUpgradeDialog({ reason: 'White-label sub accounts come with the Scale plan.' })}
            >
              Upgrade
            </Button>
          ) : null}
        </div>
      </SettingsCard>
    );
  }
  return (
    <SettingsCard id="white-label" title="White label" description={description}>
      <WhiteLabelForm profile={profile} canEdit={canEdit} />
    </SettingsCard>
  );
}

function WhiteLabelForm({ profile, canEdit }: { profile: SubaccountProfile; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<WhiteLabelSettings>(profile.whiteLabel);
  const [error, setError] = useState<string | undefined>();
  const brandId = useId();
  const emailId = useId();
  const hideId = useId();
  const errorId = useId();
  const save = useMutation({
    mutationFn: (body: WhiteLabelSettings) => putWhiteLabel({ subaccountId: profile.id, body }),
    meta: { silentError: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(subaccountKeys.profile(saved.id), saved);
      toast.success('White-label settings saved');
    },
    onError: (failure) => setError(failure.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    save.mutate(draft);
  };
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <div className="grid gap-2">
        <Label htmlFor={brandId}>Brand name</Label>
        <Input
          id={brandId}
          value={draft.brandName}
          maxLength={80}
          disabled={!canEdit}
          placeholder="e.g. Acme AI"
          onChange={(event) => setDraft({ ...draft, brandName: event.target.value })}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={emailId}>Support e-mail</Label>
        <Input
          id={emailId}
          type="email"
          value={draft.supportEmail}
          disabled={!canEdit}
          placeholder="support@your-agency.com"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setDraft({ ...draft, supportEmail: event.target.value })}
        />
        <FieldError id={errorId}>{error}</FieldError>
      </div>
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor={hideId}>Hide the platform&apos;s name from this client</Label>
        <Switch
          id={hideId}
          checked={draft.hidePlatformBranding}
          disabled={!canEdit}
          onCheckedChange={(checked) => setDraft({ ...draft, hidePlatformBranding: checked })}
        />
      </div>
      <div>
        <Button type="submit" disabled={!canEdit || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save white label'}
        </Button>
      </div>
    </form>
  );
}
