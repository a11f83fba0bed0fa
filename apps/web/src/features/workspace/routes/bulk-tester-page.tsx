import { FlaskConical } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '../components/link-button';
import { WorkspacePage } from '../components/workspace-page';

export function BulkTesterPage() {
  return (
    <WorkspacePage>
      <EmptyState
        icon={FlaskConical}
        title="No evaluations yet"
        description="Test an AI assistant with custom, compliance and prompt-hacking questions and score its answers against your success criteria. Finished evaluations appear here."
        action={<LinkButton to="/new-evaluation">New evaluation</LinkButton>}
      />
    </WorkspacePage>
  );
}
