import { Wrench } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '../components/link-button';
import { WorkspacePage } from '../components/workspace-page';

export function BuildPage() {
  return (
    <WorkspacePage>
      <EmptyState
        icon={Wrench}
        title="No builds yet"
        description="Each agent becomes a build: its model, prompt, tools and the API key it runs on. Your builds and their API key settings appear here."
        action={<LinkButton to="/agents/create">Create an agent</LinkButton>}
      />
    </WorkspacePage>
  );
}
