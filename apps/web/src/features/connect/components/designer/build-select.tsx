import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WidgetConnection } from '@agentry/core/widget';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { agentsListQuery } from '@/lib/queries/agents';
import { connectKeys, updateWidgetAgent } from '../../api/connect-api';

export const LOADING_BUILDS = 'Loading builds...';
export const UPDATING_BUILD = 'Updating build...';
export const NO_BUILDS = 'No builds available. Please create a build first.';

type BuildSelectProps = { connection: WidgetConnection; subaccountId: string; canEdit: boolean; id: string };

/**
 * Choose Build (docs/product/widget.md#the-designer-connectidwebsite-widget, Dashboard build update): the agent that answers. A choice is saved
 * at once with PUT /api/connections/:id/update-build; the select is disabled while it runs.
 */
export function BuildSelect({ connection, subaccountId, canEdit, id }: BuildSelectProps) {
  const queryClient = useQueryClient();
  const builds = useQuery(agentsListQuery(subaccountId));
  const update = useMutation({
    mutationFn: (agentId: string) => updateWidgetAgent({ connectionId: connection.connectionId, agentId }),
    meta: { silentError: true },
    onSuccess: (updated) => {
      queryClient.setQueryData(connectKeys.connection(updated.connectionId), updated);
      void queryClient.invalidateQueries({ queryKey: connectKeys.connections(subaccountId) });
      toast.success('Build updated successfully!');
    },
    onError: () => toast.error('Failed to update build'),
  });

  if (builds.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
        Failed to load builds
        <Button variant="outline" size="sm" onClick={() => void builds.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const list = builds.data?.agents ?? [];
  if (!builds.isPending && list.length === 0) {
    return (
      <div className="grid gap-2 rounded-[var(--radius-control)] border border-dashed border-border p-3 text-sm">
        <p className="text-muted-foreground">{NO_BUILDS}</p>
        {canEdit ? (
          <Button asChild variant="outline" size="sm" className="justify-self-start">
            <Link to="/agents/create">Create a build</Link>
          </Button>
        ) : null}
      </div>
    );
  }
  const placeholder = builds.isPending ? LOADING_BUILDS : update.isPending ? UPDATING_BUILD : 'Choose a build';
  const value = update.isPending ? '' : (connection.buildId ?? '');
  return (
    <Select
      value={value}
      onValueChange={(agentId) => update.mutate(agentId)}
      disabled={!canEdit || builds.isPending || update.isPending}
    >
      <SelectTrigger id={id} aria-busy={builds.isPending || update.isPending}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {list.map((build) => (
          <SelectItem key={build.buildId} value={build.buildId}>
            {build.aiName} <span className="text-muted-foreground">· {build.model}</span>
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
