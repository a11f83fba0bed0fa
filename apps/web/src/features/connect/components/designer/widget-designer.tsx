import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { WidgetSettings, type WidgetConnection } from '@agentry/core/widget';
import { Eye, PenLine, Plug } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { UnsavedChangesDialog } from '@/components/unsaved-changes-dialog';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { useUnsavedChangesGuard } from '@/lib/use-unsaved-changes';
import { toastRequestError } from '@/lib/http-errors';
import { connectKeys, deployWidget, saveWidgetSettings, widgetConnectionQuery } from '../../api/connect-api';
import { connectPath } from '../../lib/connect-nav';
import { deployButtonState, isSameSettings, saveButtonState } from '../../lib/designer-rules';
import { widgetState } from '../../lib/widget-state';
import { BlockDesignerForm } from './block-designer-form';
import { BlockEmbedCard } from './block-embed-card';
import { BlockPreview } from './block-preview';
import { DesignerForm } from './designer-form';
import { EmbedCodeCard } from './embed-code-card';
import { LivePreview } from './live-preview';
import { LogoDialog } from './logo-dialog';
import { SaveDeployBar } from './save-deploy-bar';
import { WizardNav } from './wizard-nav';

export const SETTINGS_SAVED = 'Settings saved successfully!';
export const SETTINGS_NOT_SAVED = 'Failed to save settings';

/** The designer's two steps: design the widget, then install it. */
export type DesignerStep = 'design' | 'install';

type WidgetDesignerProps = {
  connectionId: string;
  initial: WidgetConnection;
  subaccountId: string;
  canEdit: boolean;
  checkImage?: (url: string) => Promise<boolean>;
};

/**
 * The designer of a website widget or a website block (the connection's type picks the form,
 * preview and embed code): form panel, Live Preview, Save/Deploy, embed code.
 */
export function WidgetDesigner({ connectionId, initial, subaccountId, canEdit, checkImage }: WidgetDesignerProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery({ ...widgetConnectionQuery(connectionId), initialData: initial });
  const connection = query.data;
  const isBlock = connection.type === 'website-block';
  const noun = isBlock ? 'block' : 'widget';
  const [draft, setDraft] = useState<WidgetSettings>(connection.settings);
  const [baseline, setBaseline] = useState(connection.settings);
  // A newer saved version replaces the form when nothing is pending.
  if (baseline !== connection.settings) {
    setBaseline(connection.settings);
    if (isSameSettings(draft, baseline)) setDraft(connection.settings);
  }
  const [step, setStep] = useState<DesignerStep>('design');
  const [isLogoDialogOpen, setIsLogoDialogOpen] = useState(false);

  const isDirty = !isSameSettings(draft, connection.settings);
  const validation = useMemo(() => WidgetSettings.safeParse(draft), [draft]);
  const isValid = validation.success;

  const storeConnection = (updated: WidgetConnection) => {
    queryClient.setQueryData(connectKeys.connection(updated.connectionId), updated);
    void queryClient.invalidateQueries({ queryKey: connectKeys.connections(subaccountId) });
    setDraft(updated.settings);
    setBaseline(updated.settings);
  };

  const save = useMutation({
    mutationFn: (settings: WidgetSettings) => saveWidgetSettings({ connectionId, body: { settings } }),
    meta: { silentError: true },
    onSuccess: (updated) => {
      storeConnection(updated);
      toast.success(SETTINGS_SAVED);
    },
    onError: (error) => toastRequestError(SETTINGS_NOT_SAVED, error),
  });

  const deploy = useMutation({
    mutationFn: (settings: WidgetSettings | null) =>
      settings ? saveWidgetSettings({ connectionId, body: { settings, deploy: true } }) : deployWidget(connectionId),
    meta: { silentError: true },
    onSuccess: (updated) => {
      storeConnection(updated);
      toast.success(isBlock ? 'Block deployed' : 'Widget deployed');
    },
    onError: (error) => toastRequestError(`Failed to deploy the ${noun}`, error),
  });

  const isBusy = save.isPending || deploy.isPending;
  const saveState = saveButtonState({ isViewer: !canEdit, isDirty, isSaving: isBusy, isValid });
  const deployState = deployButtonState({
    isViewer: !canEdit,
    needsRedeploy: connection.needsRedeploy,
    isDirty,
    deployedAt: connection.deployedAt,
    isBusy,
    isBlock,
  });
  const guard = useUnsavedChangesGuard({
    isDirty: canEdit && isDirty,
    onSave: canEdit && isValid ? () => save.mutateAsync(draft) : undefined,
  });

  const goNext = async () => {
    if (step === 'design') {
      if (canEdit && isDirty && isValid) {
        try {
          await save.mutateAsync(draft);
        } catch {
          return;
        }
      }
      setStep('install');
      return;
    }
    void navigate(connectPath(subaccountId, 'dashboard'));
  };

  const status = widgetState(connection);

  return (
    <div className="flex min-h-dvh flex-1 flex-col">
      <header className="flex flex-wrap items-center justify-between gap-4 border-b border-border px-4 py-4 sm:px-6">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-xl font-semibold tracking-tight">{isBlock ? 'Website Block' : 'Website Widget'}</h1>
            <Badge variant={status.variant}>{status.label}</Badge>
          </div>
          <p className="mt-1 truncate text-xs text-muted-foreground">
            {isBlock ? 'Block ID' : 'Widget ID'} <code className="font-mono">{connection.widgetId}</code>
          </p>
        </div>
        <p role="status" className="text-xs text-muted-foreground">
          {!canEdit
            ? 'Viewers cannot save changes'
            : isDirty
              ? isValid
                ? 'You have unsaved changes'
                : 'Fix the highlighted fields to save'
              : 'All changes saved'}
        </p>
      </header>

      <div className="flex flex-wrap items-center justify-between gap-3 px-4 pt-4 sm:px-6">
        <ol aria-label="Steps" className="flex items-center gap-2 text-sm">
          {(
            [
              { id: 'design', label: 'Design', icon: PenLine },
              { id: 'install', label: 'Install', icon: Plug },
            ] as const
          ).map((item, index) => (
            <li key={item.id} className="flex items-center gap-2">
              {index > 0 ? <span aria-hidden className="h-px w-6 bg-border" /> : null}
              <button
                type="button"
                aria-current={step === item.id ? 'step' : undefined}
                onClick={() => setStep(item.id)}
                className={cn(
                  'inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-full border px-3 transition-colors duration-150',
                  step === item.id
                    ? 'border-primary bg-primary/15 font-medium text-foreground'
                    : 'border-border text-muted-foreground hover:text-foreground',
                )}
              >
                <item.icon className="size-3.5" aria-hidden />
                {index + 1}. {item.label}
              </button>
            </li>
          ))}
        </ol>
      </div>

      {!canEdit ? (
        <p className="mx-4 mt-4 flex items-center gap-2 rounded-[var(--radius-card)] border border-border bg-card px-4 py-3 text-sm sm:mx-6">
          <Eye className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          You have view-only access to this account, so the {noun} is read-only.
        </p>
      ) : null}
      {query.isError ? (
        <p
          role="alert"
          className="mx-4 mt-4 rounded-[var(--radius-card)] border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive sm:mx-6"
        >
          Failed to load widget settings
        </p>
      ) : null}

      <div className="grid flex-1 items-start gap-6 p-4 sm:p-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="grid min-w-0 gap-4">
          {step === 'design' ? (
            <form
              aria-label={isBlock ? 'Block settings' : 'Widget settings'}
              onSubmit={(event) => event.preventDefault()}
            >
              {isBlock ? (
                <BlockDesignerForm
                  settings={draft}
                  onChange={setDraft}
                  connection={connection}
                  subaccountId={subaccountId}
                  canEdit={canEdit}
                />
              ) : (
                <DesignerForm
                  settings={draft}
                  onChange={setDraft}
                  connection={connection}
                  subaccountId={subaccountId}
                  canEdit={canEdit}
                  onAdjustLogo={() => setIsLogoDialogOpen(true)}
                  checkImage={checkImage}
                />
              )}
            </form>
          ) : isBlock ? (
            <BlockEmbedCard connection={connection} />
          ) : (
            <EmbedCodeCard connection={connection} settings={connection.settings} />
          )}
        </div>
        <div className="min-w-0 xl:sticky xl:top-4">
          {isBlock ? (
            <BlockPreview settings={draft} agentId={connection.buildId} />
          ) : (
            <LivePreview settings={draft} agentId={connection.buildId} />
          )}
        </div>
      </div>

      <div className="sticky bottom-0 z-20">
        <WizardNav
          onBack={step === 'install' ? () => setStep('design') : () => void navigate('/connect')}
          backLabel={step === 'install' ? 'Back' : 'Back to Launch'}
          nextLabel={step === 'install' ? 'Go to conversations' : 'Next'}
          isLoading={save.isPending && step === 'design'}
          onNext={() => void goNext()}
        >
          {/* Down here, not in the header: the toasts (top-right) would cover it, and it stays in reach while scrolling. */}
          <SaveDeployBar
            save={{ ...saveState, isSaving: save.isPending, onSave: () => save.mutate(draft) }}
            deploy={{
              ...deployState,
              isDeploying: deploy.isPending,
              onDeploy: () => deploy.mutate(isDirty ? draft : null),
            }}
          />
        </WizardNav>
      </div>

      <LogoDialog
        open={isLogoDialogOpen}
        onOpenChange={setIsLogoDialogOpen}
        logoUrl={draft.logoUrl}
        settings={draft}
        onApply={(patch) => setDraft((current) => ({ ...current, ...patch }))}
      />
      <UnsavedChangesDialog guard={guard} />
    </div>
  );
}
