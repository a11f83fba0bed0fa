import { Gauge } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '../components/link-button';
import { WorkspacePage } from '../components/workspace-page';

export function UsagePage() {
  return (
    <WorkspacePage>
      <EmptyState
        icon={Gauge}
        title="No credit usage yet"
        description="Credits used by your agents appear here by model and date, next to your plan's remaining balance."
        action={<LinkButton to="/?scrollToPricing=true">See plans</LinkButton>}
      />
    </WorkspacePage>
  );
}
