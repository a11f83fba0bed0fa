import type { Agent } from '@agentry/core/agents';
import { FlaskConical, Presentation, Rocket, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { agentPagePath } from '../api/agents-api';
import { AgentInitial, AgentStatusBadge, AgentUpdatedAt } from './agent-summary-parts';

/** One build on the hub: its name (opens the agent), its model, and where to take it next. */
export function BuildRow({ agent }: { agent: Agent }) {
  const nameId = `build-${agent.buildId}-name`;
  // Only a ready agent answers, so only a ready agent can be tested, demoed or launched.
  const isReady = agent.status === 'ready';
  return (
    <article
      aria-labelledby={nameId}
      className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-border bg-card p-4 transition-[border-color,box-shadow] duration-150 focus-within:border-primary/50 hover:border-primary/50 hover:shadow-md sm:flex-row sm:items-center sm:gap-4"
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <AgentInitial name={agent.aiName} />
        <div className="min-w-0 flex-1">
          {/* The link truncates, not the heading, so the heading does not clip the link's focus ring. */}
          <h3 id={nameId} className="text-sm font-semibold">
            <Link
              to={agentPagePath(agent)}
              className="inline-block max-w-full truncate rounded-sm align-bottom hover:underline"
            >
              {agent.aiName}
            </Link>
          </h3>
          <p className="mt-1 flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
            <span className="truncate">
              <span className="sr-only">Model: </span>
              {agent.model}
            </span>
            <span aria-hidden>·</span>
            <span>
              <AgentUpdatedAt updatedAt={agent.updatedAt} />
            </span>
            <AgentStatusBadge status={agent.status} className="py-0 leading-4" />
          </p>
        </div>
      </div>
      {isReady ? (
        <div className="flex flex-wrap gap-2 sm:shrink-0">
          <BuildAction
            to={`/new-evaluation/openai-assistants?agentId=${encodeURIComponent(agent.buildId)}`}
            icon={FlaskConical}
            label="Test"
            detail={`${agent.aiName} in the Bulk Tester`}
          />
          <BuildAction to="/demo" icon={Presentation} label="Demo" detail={agent.aiName} />
          <BuildAction to="/connect" icon={Rocket} label="Launch" detail={agent.aiName} />
        </div>
      ) : null}
    </article>
  );
}

/** A short visible label; its accessible name starts with that label and adds which agent it is for. */
function BuildAction({
  to,
  icon: Icon,
  label,
  detail,
}: {
  to: string;
  icon: LucideIcon;
  label: string;
  detail: string;
}) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={to} aria-label={`${label} ${detail}`}>
        <Icon aria-hidden />
        {label}
      </Link>
    </Button>
  );
}

export function BuildRowsSkeleton() {
  return (
    <div role="status" aria-label="Loading builds" className="grid grid-cols-[minmax(0,1fr)] gap-3">
      {Array.from({ length: 3 }, (_, index) => (
        <div
          key={index}
          className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-border bg-card p-4 sm:flex-row sm:items-center sm:gap-4"
        >
          <div className="flex flex-1 items-center gap-3">
            <Skeleton className="size-10" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-28" />
            </div>
          </div>
          <div className="flex gap-2">
            <Skeleton className="h-8 w-16" />
            <Skeleton className="h-8 w-20" />
            <Skeleton className="h-8 w-20" />
          </div>
        </div>
      ))}
    </div>
  );
}
