import type { Agent } from '@agentry/core/agents';
import { Copy, ExternalLink, MoreHorizontal, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { agentPagePath } from '../api/agents-api';
import { agentTypeLabels, providerLabels } from '../lib/agent-labels';
import { AgentInitial, AgentStatusBadge, AgentUpdatedAt } from './agent-summary-parts';

type AgentCardProps = { agent: Agent; canDelete: boolean; onDelete: (agent: Agent) => void };

async function copyAgentId(agentId: string) {
  try {
    await navigator.clipboard.writeText(agentId);
    toast.success('Agent ID copied');
  } catch {
    toast.error(`Copy failed. Here's the ID: ${agentId}`);
  }
}

export function AgentCard({ agent, canDelete, onDelete }: AgentCardProps) {
  return (
    <article
      aria-labelledby={`agent-${agent.buildId}-name`}
      className="group relative flex h-full flex-col gap-4 rounded-[var(--radius-card)] border border-border bg-card p-5 transition-[border-color,box-shadow] duration-150 focus-within:border-primary/50 hover:border-primary/50 hover:shadow-md"
    >
      <div className="flex items-start gap-3">
        <AgentInitial name={agent.aiName} />
        <div className="min-w-0 flex-1">
          <h3 id={`agent-${agent.buildId}-name`} className="truncate text-base font-semibold leading-tight">
            <Link
              to={agentPagePath(agent)}
              className="outline-none after:absolute after:inset-0 after:rounded-[var(--radius-card)] focus-visible:after:outline-2 focus-visible:after:outline-ring"
            >
              {agent.aiName}
            </Link>
          </h3>
          <p className="mt-1 truncate text-xs text-muted-foreground">
            <span className="sr-only">Model: </span>
            {agent.model} · {providerLabels[agent.provider]}
          </p>
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="icon-sm"
              className="relative z-10 -mr-2 -mt-1"
              aria-label={`Actions for ${agent.aiName}`}
            >
              <MoreHorizontal aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem asChild>
              <Link to={agentPagePath(agent)}>
                <ExternalLink aria-hidden />
                Open
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => void copyAgentId(agent.buildId)}>
              <Copy aria-hidden />
              Copy agent ID
            </DropdownMenuItem>
            {canDelete ? (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuItem variant="destructive" onSelect={() => onDelete(agent)}>
                  <Trash2 aria-hidden />
                  Delete
                </DropdownMenuItem>
              </>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>

      {agent.instructions.trim() ? (
        <p className="line-clamp-2 text-sm text-muted-foreground">{agent.instructions}</p>
      ) : null}

      <div className="mt-auto flex flex-wrap items-center gap-2">
        <Badge variant="outline">{agentTypeLabels[agent.type]}</Badge>
        <Badge>{agent.category}</Badge>
        <AgentStatusBadge status={agent.status} />
        <span className="ml-auto text-xs text-muted-foreground">
          <AgentUpdatedAt updatedAt={agent.updatedAt} />
        </span>
      </div>
    </article>
  );
}

export function AgentCardSkeleton() {
  return (
    <div
      aria-hidden
      className="flex h-full flex-col gap-4 rounded-[var(--radius-card)] border border-border bg-card p-5"
    >
      <div className="flex items-start gap-3">
        <Skeleton className="size-10" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      </div>
      <Skeleton className="h-3 w-full" />
      <Skeleton className="h-3 w-4/5" />
      <div className="flex gap-2">
        <Skeleton className="h-5 w-20 rounded-full" />
        <Skeleton className="h-5 w-16 rounded-full" />
      </div>
    </div>
  );
}
