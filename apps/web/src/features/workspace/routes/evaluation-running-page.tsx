import { LoaderCircle } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '../components/link-button';
import { WorkspacePage } from '../components/workspace-page';

export function EvaluationRunningPage() {
  return (
    <WorkspacePage>
      <EmptyState
        icon={LoaderCircle}
        title="No evaluation running"
        description="An evaluation you start shows its progress here, question by question, until the results are ready."
        action={<LinkButton to="/new-evaluation">New evaluation</LinkButton>}
      />
    </WorkspacePage>
  );
}
