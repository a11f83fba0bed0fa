import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubaccountProfile } from '@agentry/core/subaccounts';
import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { patchSubaccount, subaccountKeys, uploadImage } from '@/lib/queries/subaccounts';
import { sessionQueryKey } from '@/lib/session';
import { AccountAvatar } from '../shell/account-avatar';
import { SettingsCard } from './settings-card';

/** The sub account's name and logo (an image uploaded through the product's storage). */
export function ProfileCard({ profile, canEdit }: { profile: SubaccountProfile; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(profile.name);
  const [error, setError] = useState<string | undefined>();
  const nameId = useId();
  const errorId = useId();
  const fileInput = useRef<HTMLInputElement>(null);

  const onSaved = async (saved: SubaccountProfile) => {
    queryClient.setQueryData(subaccountKeys.profile(saved.id), saved);
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  };

  const rename = useMutation({
    mutationFn: (next: string) => patchSubaccount({ subaccountId: profile.id, body: { name: next } }),
    meta: { silentError: true },
    onSuccess: async (saved) => {
      await onSaved(saved);
      toast.success('Account name saved');
    },
    onError: (failure) => setError(failure.message),
  });

  const logo = useMutation({
    mutationFn: async (file: File | null) =>
      patchSubaccount({ subaccountId: profile.id, body: { logoUrl: file ? await uploadImage(file) : null } }),
    onSuccess: async (saved) => {
      await onSaved(saved);
      toast.success(saved.logoUrl ? 'Logo saved' : 'Logo removed');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const problem =
      trimmed === '' ? 'Name is required' : trimmed.length > 80 ? 'Name must be at most 80 characters' : undefined;
    setError(problem);
    if (!problem) rename.mutate(trimmed);
  };

  return (
    <SettingsCard id="profile" title="Account profile" description="How this client account appears in every list.">
      <div className="flex flex-wrap items-center gap-4">
        <AccountAvatar name={profile.name} logoUrl={profile.logoUrl} className="size-16 text-lg" />
        <div className="flex flex-wrap gap-2">
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            className="sr-only"
            tabIndex={-1}
            aria-label="Logo file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) logo.mutate(file);
            }}
          />
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={!canEdit || logo.isPending}
            onClick={() => fileInput.current?.click()}
          >
            {logo.isPending ? <Spinner /> : <ImageUp aria-hidden />}
            {profile.logoUrl ? 'Replace logo' : 'Upload logo'}
          </Button>
          {profile.logoUrl ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={!canEdit || logo.isPending}
              onClick={() => logo.mutate(null)}
            >
              <Trash2 aria-hidden />
              Remove logo
            </Button>
          ) : null}
        </div>
        <p className="w-full text-xs text-muted-foreground">PNG, JPEG, GIF or WebP, up to 25MB.</p>
      </div>
      <form onSubmit={submit} className="mt-6 grid gap-2" noValidate>
        <Label htmlFor={nameId}>Account name</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={nameId}
            value={name}
            disabled={!canEdit}
            maxLength={120}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          <Button type="submit" disabled={!canEdit || rename.isPending || name.trim() === profile.name}>
            {rename.isPending ? 'Saving...' : 'Save name'}
          </Button>
        </div>
        <FieldError id={errorId}>{error}</FieldError>
      </form>
    </SettingsCard>
  );
}
