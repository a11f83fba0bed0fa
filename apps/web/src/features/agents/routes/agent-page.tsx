import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Agent } from '@agentry/core/agents';
import { Bot, Eye, Save, Undo2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { UnsavedChangesDialog } from '@/components/unsaved-changes-dialog';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useUnsavedChangesGuard } from '@/lib/use-unsaved-changes';
import { canRole, useSubaccountRole } from '@/lib/permissions';
import { agentKeys, agentQuery } from '@/lib/queries/agents';
import { versionKeys } from '../api/agent-versions-api';
import { agentsListPath, updateAgent } from '../api/agents-api';
import { providerKeysQuery } from '../api/provider-keys-api';
import { AgentEditor } from '../components/agent-editor';
import { AgentPageHeader } from '../components/agent-page-header';
import { TestChat } from '../components/test-chat';
import { VersionsSection } from '../components/versions-section';
import { useSubaccount } from '../hooks/use-subaccount';
import { isSameValue, toFormValues, toUpdateBody, validateAgentForm, type AgentFormValues } from '../lib/agent-form';

/** `/subaccounts/:subaccountId/agents/:agentId`: the editor with a test chat beside it. */
export function AgentPage() {
  const { subaccountId = '', agentId = '' } = useParams();
  const { subaccount, canEdit } = useSubaccount(subaccountId);
  const agent = useQuery({ ...agentQuery(subaccountId, agentId), enabled: subaccount !== null });

  if (!subaccount || (agent.error instanceof ApiError && agent.error.status === 404)) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
        <EmptyState
          icon={Bot}
          title="Agent not found"
          description="This agent does not exist any more, or it belongs to a sub account you are not a member of."
          action={
            <Button asChild variant="outline">
              <Link to={subaccount ? agentsListPath(subaccount.id) : '/agents'}>Back to agents</Link>
            </Button>
          }
        />
      </div>
    );
  }
  if (agent.isPending) return <AgentPageSkeleton />;
  if (agent.isError) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
        <ErrorState
          title="Failed to fetch build information"
          message={agent.error.message}
          onRetry={() => void agent.refetch()}
          isRetrying={agent.isFetching}
        />
      </div>
    );
  }
  return <AgentWorkspace key={agent.data.buildId} saved={agent.data} canEdit={canEdit} />;
}

function AgentWorkspace({ saved, canEdit }: { saved: Agent; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const role = useSubaccountRole(saved.subaccountId);
  const savedValues = useMemo(() => toFormValues(saved), [saved]);
  const [values, setValues] = useState<AgentFormValues>(savedValues);
  const [baseline, setBaseline] = useState(saved);
  // A newer saved version (after Save, or a refetch) replaces the form when nothing is pending.
  if (baseline !== saved) {
    setBaseline(saved);
    if (isSameValue(values, toFormValues(baseline))) setValues(savedValues);
  }
  const providerKeys = useQuery({ ...providerKeysQuery(saved.subaccountId), enabled: canEdit });
  const errors = useMemo(() => validateAgentForm(values), [values]);
  const isDirty = !isSameValue(values, savedValues);
  const isValid = Object.keys(errors).length === 0;

  const save = useMutation({
    mutationFn: (next: AgentFormValues) =>
      updateAgent({ subaccountId: saved.subaccountId, agentId: saved.buildId, body: toUpdateBody(next) }),
    onSuccess: (updated) => {
      queryClient.setQueryData(agentKeys.detail(updated.subaccountId, updated.buildId), updated);
      void queryClient.invalidateQueries({ queryKey: agentKeys.lists(updated.subaccountId) });
      void queryClient.invalidateQueries({ queryKey: versionKeys.all(updated.subaccountId, updated.buildId) });
      setValues(toFormValues(updated));
      setBaseline(updated);
      toast.success('Agent saved');
    },
  });

  const canSave = canEdit && isDirty && isValid && !save.isPending;
  const guard = useUnsavedChangesGuard({
    isDirty: canEdit && isDirty,
    onSave: canEdit && isValid ? () => save.mutateAsync(values) : undefined,
  });

  const status = !canEdit
    ? 'Viewers cannot save changes'
    : save.isPending
      ? 'Saving…'
      : isDirty
        ? isValid
          ? 'You have unsaved changes'
          : 'Fix the highlighted fields to save'
        : 'All changes saved';

  return (
    <div className="mx-auto grid w-full max-w-[90rem] grid-cols-[minmax(0,1fr)] items-start gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(340px,420px)] lg:py-8">
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
        <AgentPageHeader agent={saved} />

        {!canEdit ? (
          <p className="flex items-center gap-2 rounded-[var(--radius-card)] border border-border bg-card px-4 py-3 text-sm">
            <Eye className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            You have view-only access to this sub account, so this agent is read-only.
          </p>
        ) : null}

        <form
          aria-label="Agent settings"
          className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6"
          onSubmit={(event) => {
            event.preventDefault();
            if (canSave) save.mutate(values);
          }}
        >
          <AgentEditor
            values={values}
            onChange={setValues}
            errors={errors}
            providerKeys={providerKeys.data?.keys ?? []}
            disabled={!canEdit}
          />

          <div className="sticky bottom-0 z-20 -mx-4 flex flex-wrap items-center justify-between gap-3 border-t border-border bg-background/90 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-[var(--radius-card)] sm:border sm:px-5">
            <p role="status" className="text-sm text-muted-foreground">
              {status}
            </p>
            <div className="flex gap-2">
              {canEdit && isDirty ? (
                <Button variant="ghost" onClick={() => setValues(savedValues)} disabled={save.isPending}>
                  <Undo2 aria-hidden />
                  Discard
                </Button>
              ) : null}
              <Button type="submit" disabled={!canSave}>
                <Save aria-hidden />
                {save.isPending ? 'Saving…' : 'Save'}
              </Button>
            </div>
          </div>
        </form>

        <VersionsSection
          subaccountId={saved.subaccountId}
          agentId={saved.buildId}
          canEdit={canEdit}
          canOverride={canRole(role, 'agent.publish.override')}
        />
      </div>

      <TestChat
        agent={saved}
        canChat={canEdit}
        hasUnsavedChanges={canEdit && isDirty}
        className="h-[34rem] lg:sticky lg:top-20 lg:h-[calc(100dvh-7rem)]"
      />

      <UnsavedChangesDialog guard={guard} />
    </div>
  );
}

function AgentPageSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading agent"
      className="mx-auto grid w-full max-w-[90rem] gap-6 px-4 py-6 sm:px-6 lg:py-8"
    >
      <div className="flex items-start gap-4">
        <Skeleton className="size-10" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-7 w-64 max-w-full" />
          <Skeleton className="h-4 w-80 max-w-full" />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(340px,420px)]">
        <div className="grid gap-6">
          {[0, 1, 2].map((index) => (
            <div key={index} className="grid gap-4 rounded-[var(--radius-card)] border border-border bg-card p-6">
              <Skeleton className="h-5 w-32" />
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-24 w-full" />
            </div>
          ))}
        </div>
        <Skeleton className="h-[34rem] rounded-[var(--radius-card)]" />
      </div>
    </div>
  );
}
