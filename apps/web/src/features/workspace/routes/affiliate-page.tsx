import { HandCoins } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { WorkspacePage } from '@/components/ui/workspace-page';

export function AffiliatePage() {
  return (
    <WorkspacePage>
      <EmptyState
        icon={HandCoins}
        title="Affiliate Program"
        description="Refer agencies to Agentry and earn on their plans. Your referral link, sign-ups and payouts appear here."
      />
    </WorkspacePage>
  );
}
