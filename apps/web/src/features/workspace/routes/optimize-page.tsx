import { WandSparkles } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { WorkspacePage } from '@/components/ui/workspace-page';

export function OptimizePage() {
  return (
    <WorkspacePage>
      <EmptyState
        icon={WandSparkles}
        title="Nothing to optimize yet"
        description="Once an agent has conversations, suggestions to improve its prompt and answers appear here."
        action={<LinkButton to="/agents">Go to agents</LinkButton>}
      />
    </WorkspacePage>
  );
}
