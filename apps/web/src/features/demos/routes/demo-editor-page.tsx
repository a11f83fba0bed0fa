import type { Demo } from '@agentry/core/demos';
import { getDemoSharePath } from '@agentry/core/demos';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ExternalLink, Eye, Link2, Presentation, RotateCcw, Save, TriangleAlert, Undo2 } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { UnsavedChangesDialog } from '@/components/unsaved-changes-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useCan } from '@/lib/permissions';
import { openUpgradeDialog } from '@/lib/upgrade-events';
import { useUnsavedChangesGuard } from '@/lib/use-unsaved-changes';
import { agentsListQuery } from '@/lib/queries/agents';
import { demoKeys, demoPreviewPath, demoQuery, updateDemo } from '../api/demos-api';
import { DemoSettingsForm } from '../components/demo-settings-form';
import { DemoStage } from '../components/demo-stage';
import { copyDemoLink } from '../lib/copy-demo-link';
import { sharedDemoUrl } from '../lib/demo-chat-rules';
import { isSameDraft, resolveDemoDraft, resolveDraftSettings, toDemoDraft, type DemoDraft } from '../lib/demo-draft';
import { demoTypeDetails } from '../lib/demo-type-labels';
import { toDemoViewData } from '../lib/demo-view-data';

export const SETTINGS_SAVED_MESSAGE = 'Settings saved successfully!';

/** `/demo/:demoId`: every setting of one demo with its live preview. */
export function DemoEditorPage() {
  const { demoId = '' } = useParams();
  const demo = useQuery(demoQuery(demoId));

  if (demo.error instanceof ApiError && demo.error.status === 404) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
        <EmptyState
          icon={Presentation}
          title="Demo not found"
          description="This demo does not exist any more, or it belongs to a sub account you are not a member of."
          action={
            <Button asChild variant="outline">
              <Link to="/demo">Back to demos</Link>
            </Button>
          }
        />
      </div>
    );
  }
  if (demo.isPending) return <EditorSkeleton />;
  if (demo.isError) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
        <ErrorState
          title="Failed to load the demo"
          message={demo.error.message}
          onRetry={() => void demo.refetch()}
          isRetrying={demo.isFetching}
        />
      </div>
    );
  }
  return <DemoEditor key={demo.data.demoId} saved={demo.data} />;
}

function DemoEditor({ saved }: { saved: Demo }) {
  const queryClient = useQueryClient();
  const canEdit = useCan('demo.update', saved.subaccountId);
  const agents = useQuery({ ...agentsListQuery(saved.subaccountId), enabled: canEdit });
  const savedDraft = useMemo(() => toDemoDraft(saved), [saved]);
  const [draft, setDraft] = useState<DemoDraft>(savedDraft);
  const [baseline, setBaseline] = useState(saved);
  const [showErrors, setShowErrors] = useState(false);
  // A newer saved version replaces the form when nothing is pending.
  if (baseline !== saved) {
    setBaseline(saved);
    if (isSameDraft(draft, toDemoDraft(baseline))) setDraft(savedDraft);
  }
  const { body, errors } = useMemo(() => resolveDemoDraft(draft), [draft]);
  const isDirty = !isSameDraft(draft, savedDraft);
  const isValid = Object.keys(errors).length === 0;
  const previewSettings = useMemo(() => resolveDraftSettings(draft), [draft]);

  const applySaved = (updated: Demo) => {
    queryClient.setQueryData(demoKeys.detail(updated.demoId), updated);
    void queryClient.invalidateQueries({ queryKey: demoKeys.list(updated.subaccountId) });
  };

  const save = useMutation({
    mutationFn: () => updateDemo({ demoId: saved.demoId, body }),
    onSuccess: (updated) => {
      applySaved(updated);
      setDraft(toDemoDraft(updated));
      setBaseline(updated);
      setShowErrors(false);
      toast.success(SETTINGS_SAVED_MESSAGE);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.kind === 'plan')
        openUpgradeDialog({ returnUrl: window.location.pathname });
    },
  });

  const resetCounter = useMutation({
    mutationFn: () => updateDemo({ demoId: saved.demoId, body: { resetRequests: true } }),
    onSuccess: (updated) => {
      applySaved({ ...saved, requestCount: updated.requestCount });
      toast.success('Request counter reset');
    },
  });

  const onRequestCount = useCallback(
    (requestCount: number) =>
      queryClient.setQueryData<Demo>(demoKeys.detail(saved.demoId), (current) =>
        current ? { ...current, requestCount } : current,
      ),
    [queryClient, saved.demoId],
  );

  const submit = async () => {
    setShowErrors(true);
    if (!isValid) {
      toast.error('Fix the highlighted fields first');
      throw new Error('invalid');
    }
    await save.mutateAsync();
  };

  const guard = useUnsavedChangesGuard({ isDirty, onSave: canEdit ? submit : undefined });
  const shownErrors = showErrors ? errors : {};
  const typeDetails = demoTypeDetails[draft.type];

  return (
    <div className="mx-auto grid w-full max-w-[90rem] grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6 sm:px-6 lg:py-8">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex min-w-0 items-center gap-3">
          <Button asChild variant="ghost" size="icon-sm">
            <Link to="/demo" aria-label="Back to demos">
              <ArrowLeft aria-hidden />
            </Link>
          </Button>
          <div className="min-w-0">
            <h2 className="truncate text-xl font-semibold tracking-tight">{saved.name}</h2>
            <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <Badge variant="outline">{demoTypeDetails[saved.type].label}</Badge>
              {saved.build ? <span>Agent: {saved.build.aiName}</span> : null}
              {isDirty ? (
                <span className="font-medium text-warning">Unsaved changes</span>
              ) : (
                <span>All changes saved</span>
              )}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            onClick={() => void copyDemoLink(sharedDemoUrl(window.location.origin, saved.demoId))}
          >
            <Link2 aria-hidden />
            Share link
          </Button>
          <Button asChild variant="outline">
            <a href={demoPreviewPath(saved.demoId)} target="_blank" rel="noreferrer">
              <Eye aria-hidden />
              Preview
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={getDemoSharePath(saved.demoId)} target="_blank" rel="noreferrer">
              <ExternalLink aria-hidden />
              Open shared page
            </a>
          </Button>
          {canEdit ? (
            <>
              <Button variant="ghost" onClick={() => setDraft(savedDraft)} disabled={!isDirty || save.isPending}>
                <Undo2 aria-hidden />
                Discard
              </Button>
              <Button onClick={() => void submit().catch(() => undefined)} disabled={!isDirty || save.isPending}>
                <Save aria-hidden />
                {save.isPending ? 'Saving...' : 'Save'}
              </Button>
            </>
          ) : null}
        </div>
      </div>

      {saved.isMisconfigured ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-[var(--radius-card)] border border-warning/40 bg-warning/10 p-3 text-sm"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
          The agent of this demo was deleted. Choose another agent and save, or visitors see 'Demo is missing
          configuration. Please recreate the demo from the dashboard.'
        </p>
      ) : null}

      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 xl:grid-cols-[minmax(0,34rem)_minmax(0,1fr)]">
        <form
          aria-label="Demo settings"
          onSubmit={(event) => {
            event.preventDefault();
            void submit().catch(() => undefined);
          }}
        >
          <fieldset disabled={!canEdit} className="min-w-0">
            {!canEdit ? (
              <p className="mb-4 text-sm text-muted-foreground">Viewers can look at demos but not change them.</p>
            ) : null}
            <DemoSettingsForm
              draft={draft}
              onChange={setDraft}
              errors={shownErrors}
              agents={agents.data?.agents ?? []}
              requestCounter={
                <div className="grid content-start gap-1.5">
                  <p className="text-sm font-medium">Requests used</p>
                  <div className="flex items-center gap-2">
                    <p className="text-sm tabular-nums" aria-live="polite">
                      <span className="font-semibold">{saved.requestCount}</span> / {saved.requestLimit}
                    </p>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => resetCounter.mutate()}
                      disabled={resetCounter.isPending || saved.requestCount === 0}
                    >
                      <RotateCcw aria-hidden />
                      Reset counter
                    </Button>
                  </div>
                </div>
              }
            />
          </fieldset>
        </form>

        <section aria-label="Live preview" className="grid gap-2 xl:sticky xl:top-20">
          <div className="flex items-center justify-between text-xs text-muted-foreground">
            <span className="font-medium text-foreground">Live preview · {typeDetails.label}</span>
            <span>Chatting here uses the saved agent and counts requests</span>
          </div>
          <DemoStage
            data={toDemoViewData(saved, previewSettings, { name: draft.name, type: draft.type })}
            mode="editor"
            className="h-[700px] rounded-[var(--radius-card)] border border-border"
            onRequestCount={onRequestCount}
          />
        </section>
      </div>
      <UnsavedChangesDialog guard={guard} />
    </div>
  );
}

function EditorSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading demo"
      className="mx-auto grid w-full max-w-[90rem] gap-6 px-4 py-6 sm:px-6 lg:py-8"
    >
      <Skeleton className="h-8 w-64" />
      <div className="grid gap-6 xl:grid-cols-[34rem_minmax(0,1fr)]">
        <div className="grid gap-4">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-48 w-full" />
          ))}
        </div>
        <Skeleton className="h-[700px] w-full" />
      </div>
    </div>
  );
}
