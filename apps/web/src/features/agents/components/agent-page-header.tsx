import type { Agent } from '@agentry/core/agents';
import { ArrowLeft, Check, Copy, Terminal } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { agentsListPath } from '../api/agents-api';
import { agentTypeLabels } from '../lib/agent-labels';

/** docs/product/agents.md#routes, "Agent page header": name, Agent ID and Type, with a back button to the list. */
export function AgentPageHeader({
  agent,
}: {
  agent: Pick<Agent, 'buildId' | 'aiName' | 'type' | 'status' | 'subaccountId'>;
}) {
  const [isCopied, setIsCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copyId = async () => {
    try {
      await navigator.clipboard.writeText(agent.buildId);
      setIsCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setIsCopied(false), 2000);
      toast.success('Agent ID copied');
    } catch {
      toast.error(`Copy failed. Here's the ID: ${agent.buildId}`);
    }
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <Button asChild variant="outline" size="icon" className="shrink-0">
        <Link to={agentsListPath(agent.subaccountId)} aria-label="Back to agents">
          <ArrowLeft aria-hidden />
        </Link>
      </Button>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="truncate text-xl font-semibold tracking-tight sm:text-2xl">{agent.aiName}</h2>
          {agent.status === 'creating' ? <Badge variant="pending">Creating</Badge> : null}
          {agent.status === 'failed' ? <Badge variant="error">Build failed</Badge> : null}
        </div>
        <dl className="mt-2 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
          <div className="flex min-w-0 items-center gap-2">
            <dt className="whitespace-nowrap text-muted-foreground">Agent ID</dt>
            <dd className="flex min-w-0 items-center gap-1">
              <code className="truncate rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{agent.buildId}</code>
              <Button
                variant="ghost"
                size="icon-sm"
                onClick={() => void copyId()}
                aria-label={isCopied ? 'Agent ID copied' : 'Copy agent ID'}
              >
                {isCopied ? <Check aria-hidden /> : <Copy aria-hidden />}
              </Button>
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <dt className="whitespace-nowrap text-muted-foreground">Type</dt>
            <dd>
              <Badge variant="outline">{agentTypeLabels[agent.type]}</Badge>
            </dd>
          </div>
        </dl>
      </div>
      <Button asChild variant="outline" size="sm" className="self-start">
        <Link to={`/apitester?agentId=${encodeURIComponent(agent.buildId)}`}>
          <Terminal aria-hidden />
          Use via API
        </Link>
      </Button>
    </div>
  );
}
