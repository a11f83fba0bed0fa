import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Bot } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Agent } from '@agentry/core/agents';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Input, Label } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { buildsQuery } from '../api/evaluation-api';
import { EvaluationPage } from '../components/evaluation-page';
import { KeySourceNotice } from '../components/key-source-notice';
import { useKeySource } from '../hooks/use-key-source';
import { useStoredState } from '../hooks/use-stored-state';
import { evaluationStorageKeys } from '../lib/evaluation-storage';
import { testSettingsPath } from '../lib/evaluation-type';
import { defaultLocalSettings, isLocalSettings, type EvaluationLocalSettings } from '../lib/local-settings';

/** `/new-evaluation/openai-assistants`: pick one of the sub account's agents. */
export function AssistantsEvaluationPage() {
  const navigate = useNavigate();
  const builds = useQuery(buildsQuery());
  const [settings, setSettings] = useStoredState(evaluationStorageKeys.settings, defaultLocalSettings, isLocalSettings);
  const agents = (builds.data?.builds ?? []).filter((agent) => agent.status === 'ready');
  const chosen = agents.find((agent) => agent.buildId === settings.assistant_id);
  const keySource = useKeySource(chosen && chosen.provider !== 'offline' ? chosen.provider : 'any');

  const choose = (agent: Agent) => setSettings((current) => withAgent(current, agent));

  // `?agentId=` (the Test link of /build) chooses that agent once the list is in; the address
  // then stops asking, so a later choice sticks.
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = agents.find((agent) => agent.buildId === searchParams.get('agentId'));
  useEffect(() => {
    if (!requested) return;
    setSettings((current) => withAgent(current, requested));
    setSearchParams(
      (current) => {
        current.delete('agentId');
        return current;
      },
      { replace: true },
    );
  }, [requested, setSettings, setSearchParams]);

  return (
    <EvaluationPage className="grid max-w-3xl gap-6">
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold">Which agent do you want to test?</h2>
        <p className="text-sm text-muted-foreground">
          It answers every simulated conversation exactly as it answers visitors, with its own instructions, model and
          tools.
        </p>
      </div>
      <KeySourceNotice source={keySource} />
      {builds.isLoading ? (
        <div className="grid gap-3 sm:grid-cols-2" aria-busy="true" aria-label="Loading agents">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} className="h-20 rounded-[var(--radius-card)]" />
          ))}
        </div>
      ) : builds.isError ? (
        <ErrorState
          title="Failed to load builds"
          message={builds.error.message}
          onRetry={() => void builds.refetch()}
          isRetrying={builds.isFetching}
        />
      ) : agents.length === 0 ? (
        <EmptyState
          icon={Bot}
          title="No agents to test yet"
          description="No builds available. Please create a build first."
          action={<Button onClick={() => void navigate('/agents/create')}>Create an agent</Button>}
        />
      ) : (
        <div role="radiogroup" aria-label="Agent to test" className="grid gap-3 sm:grid-cols-2">
          {agents.map((agent) => {
            const isChosen = agent.buildId === settings.assistant_id;
            return (
              <button
                key={agent.buildId}
                type="button"
                role="radio"
                aria-checked={isChosen}
                onClick={() => choose(agent)}
                className={cn(
                  'flex items-start gap-3 rounded-[var(--radius-card)] border bg-card p-4 text-left transition-colors duration-150 hover:border-primary/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  isChosen ? 'border-primary ring-1 ring-primary' : 'border-border',
                )}
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
                  <Bot className="size-5" aria-hidden />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{agent.aiName}</span>
                  <span className="mt-0.5 block truncate text-xs text-muted-foreground">
                    {agent.model} · {agent.category}
                  </span>
                </span>
              </button>
            );
          })}
        </div>
      )}
      <div className="grid gap-2">
        <Label htmlFor="evaluation-name">Evaluation name</Label>
        <Input
          id="evaluation-name"
          value={settings.evaluationName}
          maxLength={200}
          placeholder={chosen ? `${chosen.aiName} evaluation` : 'e.g. Receptionist, before launch'}
          onChange={(event) => setSettings((current) => ({ ...current, evaluationName: event.target.value }))}
        />
      </div>
      <div className="flex justify-end">
        <Button disabled={!chosen} onClick={() => void navigate(testSettingsPath('openai-assistants'))}>
          Next
          <ArrowRight aria-hidden />
        </Button>
      </div>
    </EvaluationPage>
  );
}

function withAgent(settings: EvaluationLocalSettings, agent: Agent): EvaluationLocalSettings {
  return {
    ...settings,
    assistant_id: agent.buildId,
    assistantName: agent.aiName,
    prompt: agent.instructions,
    model: agent.model,
    evaluation_type: 'openai-assistants',
  };
}
