import { Presentation } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '../components/link-button';
import { WorkspacePage } from '../components/workspace-page';

export function DemoPage() {
  return (
    <WorkspacePage>
      <EmptyState
        icon={Presentation}
        title="No demos yet"
        description="Show an agent to a client before it goes live: a website widget, SMS, Facebook, Instagram or standard chat demo, each on its own shareable link. Your demos appear here."
        action={<LinkButton to="/agents/create">Create an agent</LinkButton>}
      />
    </WorkspacePage>
  );
}
