import { ProfileSection } from '@/features/workspace/components/profile-section';
import { SubaccountsSection } from '@/features/workspace/components/subaccounts-section';
import { WorkspacePage } from '@/components/ui/workspace-page';
import { useSession } from '@/lib/session';

/**
 * `/settings`: the user's profile and their sub accounts (create, rename, open each one's own
 * Settings, where its AI provider keys now live).
 */
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
