import { ListChecks } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '../components/link-button';
import { WorkspacePage } from '../components/workspace-page';

function EvaluationSettingsPlaceholder({ subject }: { subject: string }) {
  return (
    <WorkspacePage>
      <EmptyState
        icon={ListChecks}
        title={`Test settings for ${subject}`}
        description="Pick the testing model, the first message and what the simulated user wants, then choose custom, compliance and prompt-hacking questions to run. Your own API key is used, so token usage matters."
        action={
          <LinkButton to="/new-evaluation" variant="outline">
            Back
          </LinkButton>
        }
      />
    </WorkspacePage>
  );
}

export function AssistantsEvaluationPage() {
  return <EvaluationSettingsPlaceholder subject="an OpenAI assistant" />;
}

export function ChatCompletionEvaluationPage() {
  return <EvaluationSettingsPlaceholder subject="a chat completion" />;
}
