import type { Agent } from '@agentry/core/agents';
import { Badge } from '@/components/ui/badge';
import { formatRelativeTime } from '@/lib/relative-time';

/** The square with the agent name's first letter that stands for an agent in lists. */
export function AgentInitial({ name }: { name: string }) {
  return (
    <span
      aria-hidden
      className="flex size-10 shrink-0 items-center justify-center rounded-[var(--radius-control)] bg-secondary text-base font-semibold text-secondary-foreground"
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

/** 'Creating' or 'Failed'; a ready agent shows no badge. */
export function AgentStatusBadge({ status, className }: { status: Agent['status']; className?: string }) {
  if (status === 'creating')
    return (
      <Badge variant="pending" className={className}>
        Creating
      </Badge>
    );
  if (status === 'failed')
    return (
      <Badge variant="error" className={className}>
        Failed
      </Badge>
    );
  return null;
}

/** When the agent last changed, as a relative time with the full date on hover. */
export function AgentUpdatedAt({ updatedAt }: { updatedAt: string }) {
  return (
    <>
      <span className="sr-only">Updated </span>
      <time dateTime={updatedAt} title={new Date(updatedAt).toLocaleString()}>
        {formatRelativeTime(updatedAt)}
      </time>
    </>
  );
}
