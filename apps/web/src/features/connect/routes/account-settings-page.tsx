import { DEFAULT_PRIMARY_COLOR } from '@agentry/core/auth';
import { widgetThemeColors } from '@agentry/core/widget';
import { useQuery } from '@tanstack/react-query';
import { Moon, ShieldCheck, Sun } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { subaccountProfileQuery } from '@/lib/queries/subaccounts';
import { ColorPicker } from '../components/color-picker';
import { DeleteAccountCard } from '../components/settings/delete-account-card';
import { ProfileCard } from '../components/settings/profile-card';
import { WhiteLabelCard } from '../components/settings/white-label-card';
import { useAccountAppearance } from '../hooks/use-account-appearance';
import { useConnectAccount } from '../hooks/use-connect-account';

const primarySwatches = [
  { name: 'Account teal', hex: DEFAULT_PRIMARY_COLOR },
  ...widgetThemeColors.filter((color) => color.name !== 'teal'),
];

export type ProviderKeysSlot = (props: {
  subaccountId: string;
  subaccountName: string;
  canManage: boolean;
}) => ReactNode;

/**
 * /{connectId}/ai-settings ('Settings', admins and the owner): the sub account's profile (name,
 * logo), its appearance, its own AI provider keys (rendered by the slot the app composes in, since
 * a feature never imports another), white-label fields where the plan allows them, and deletion.
 */
export function AccountSettingsPage({ providerKeys }: { providerKeys?: ProviderKeysSlot }) {
  const { subaccount, isLocked } = useConnectAccount();
  const profile = useQuery({ ...subaccountProfileQuery(subaccount?.id ?? ''), enabled: subaccount !== null });
  if (!subaccount) return null;
  if (subaccount.role !== 'admin') {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-8">
        <EmptyState
          icon={ShieldCheck}
          title="Settings are for admins"
          description="Ask an admin of this account to change its profile, keys or appearance."
        />
      </div>
    );
  }
  const canEdit = !isLocked;
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:px-8 lg:py-12">
      <header>
        <h1 className="text-xl font-semibold">Settings</h1>
        <p className="mt-1 text-sm text-muted-foreground">{subaccount.name}</p>
      </header>
      {profile.isPending ? (
        <div role="status" aria-label="Loading settings" className="grid gap-4">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : profile.isError ? (
        <ErrorState
          title="Settings could not load"
          message={profile.error.message}
          onRetry={() => void profile.refetch()}
          isRetrying={profile.isFetching}
        />
      ) : (
        <>
          <ProfileCard key={profile.data.id} profile={profile.data} canEdit={canEdit} />
          <AppearanceCard subaccountId={subaccount.id} canEdit={canEdit} />
          {providerKeys?.({ subaccountId: subaccount.id, subaccountName: subaccount.name, canManage: canEdit })}
          <WhiteLabelCard profile={profile.data} canEdit={canEdit} />
          <DeleteAccountCard profile={profile.data} />
        </>
      )}
    </div>
  );
}

function AppearanceCard({ subaccountId, canEdit }: { subaccountId: string; canEdit: boolean }) {
  const { theme, update, isSaving } = useAccountAppearance(subaccountId);
  const switchId = useId();
  return (
    <section
      aria-labelledby="appearance-heading"
      className="rounded-[var(--radius-card)] border border-border bg-card p-6"
    >
      <h2 id="appearance-heading" className="text-base font-semibold">
        Account appearance
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        The primary colour tints this account's pages. Connect pages always use the dark theme; the light/dark choice
        applies to the account's workspace pages.
        {canEdit ? '' : ' It cannot change while the account is locked.'}
      </p>
      {theme.isPending ? (
        <div className="mt-6 grid gap-3">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : theme.isError ? (
        <p role="alert" className="mt-6 text-sm text-destructive">
          The account theme could not load.
        </p>
      ) : (
        <div className="mt-6 grid gap-6">
          <div className="flex items-center justify-between gap-4">
            <label htmlFor={switchId} className="flex items-center gap-2 text-sm font-medium">
              {theme.data.isDarkMode ? <Moon className="size-4" aria-hidden /> : <Sun className="size-4" aria-hidden />}
              Dark mode for workspace pages
            </label>
            <Switch
              id={switchId}
              checked={theme.data.isDarkMode}
              disabled={!canEdit || isSaving}
              onCheckedChange={(checked) => update({ isDarkMode: checked })}
            />
          </div>
          <ColorPicker
            label="Primary colour"
            value={theme.data.primaryColor}
            swatches={primarySwatches}
            disabled={!canEdit}
            onChange={(hex) => update({ primaryColor: hex })}
          />
        </div>
      )}
    </section>
  );
}
