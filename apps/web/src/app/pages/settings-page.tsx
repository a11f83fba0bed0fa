import { ProviderKeysSection } from '@/features/agents/components/provider-keys-section';
import { ProfileSection } from '@/features/workspace/components/profile-section';
import { SubaccountsSection } from '@/features/workspace/components/subaccounts-section';
import { WorkspacePage } from '@/components/ui/workspace-page';
import { selectSubaccount, useSession } from '@/lib/session';

/** `/settings`: the user's profile, their sub accounts, and the active sub account's AI provider keys. */
export function SettingsPage() {
  const { data: session } = useSession();
  // The workspace layout only renders its pages with a session.
  if (!session) return null;
  const active = selectSubaccount(session);
  return (
    <WorkspacePage className="flex max-w-3xl flex-col gap-6">
      <ProfileSection key={session.user.id} user={session.user} />
      <SubaccountsSection subaccounts={session.subaccounts} activeSubaccountId={session.activeSubaccountId} />
      {active ? (
        <ProviderKeysSection
          key={active.id}
          subaccountId={active.id}
          subaccountName={active.name}
          canManage={active.role === 'admin'}
        />
      ) : null}
    </WorkspacePage>
  );
}
