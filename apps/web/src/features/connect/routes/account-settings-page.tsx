import { DEFAULT_PRIMARY_COLOR } from '@agentry/core/auth';
import { widgetThemeColors } from '@agentry/core/widget';
import { Moon, Sun } from 'lucide-react';
import { useId } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { ColorPicker } from '../components/color-picker';
import { useAccountAppearance } from '../hooks/use-account-appearance';
import { useConnectAccount } from '../hooks/use-connect-account';
import { PlannedChannelPage } from './planned-channel-page';

const primarySwatches = [
  { name: 'Account teal', hex: DEFAULT_PRIMARY_COLOR },
  ...widgetThemeColors.filter((color) => color.name !== 'teal'),
];

/**
 * /{connectId}/ai-settings ('Settings'): the account appearance (sub account theme with rollback
 * on a failed save), then the AI settings that are not built yet.
 */
export function AccountSettingsPage() {
  const { subaccount, canEdit } = useConnectAccount();
  if (!subaccount) return null;
  return (
    <>
      <div className="mx-auto w-full max-w-3xl px-4 pt-8 sm:px-8 lg:pt-12">
        <AppearanceCard subaccountId={subaccount.id} canEdit={canEdit} />
      </div>
      <PlannedChannelPage channel="ai-settings" />
    </>
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
        {canEdit ? '' : ' Viewers cannot change it.'}
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
