import { Store } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { WorkspacePage } from '../components/workspace-page';

export function MarketplacePage() {
  return (
    <WorkspacePage>
      <EmptyState
        icon={Store}
        title="No projects yet"
        description="Agencies and businesses post AI projects here, with a budget and timeframe. Projects you can pick up, and the ones you post, appear here."
      />
    </WorkspacePage>
  );
}
