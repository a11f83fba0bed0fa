import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, BookOpen, Bot, Eye, Play, Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Accordion as AccordionPrimitive } from 'radix-ui';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  evaluationMessages,
  formatLoadedTemplateMessage,
  type EvaluationGroup,
  type EvaluationTemplate,
  type QuestionGenerationResults,
} from '@agentry/core/evaluation';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { Tooltip } from '@/components/ui/tooltip';
import { useCan, VIEW_ONLY_NOTE } from '@/lib/permissions';
import { createTemplate, evaluationKeys, startEvaluation, templatesQuery } from '../api/evaluation-api';
import { CreateTemplateDialog } from '../components/create-template-dialog';
import { EvaluationPage } from '../components/evaluation-page';
import { GenerateQuestionsDialog } from '../components/generate-questions-dialog';
import { GeneratedQuestionsDialog } from '../components/generated-questions-dialog';
import { KeySourceNotice } from '../components/key-source-notice';
import { QuestionGroup } from '../components/question-group';
import { TemplatePicker } from '../components/template-picker';
import { TestingModelPicker } from '../components/testing-model-picker';
import { useKeySource } from '../hooks/use-key-source';
import { useStoredState } from '../hooks/use-stored-state';
import { groupLists, useTestSettings } from '../hooks/use-test-settings';
import { buildRunPayload } from '../lib/build-run-payload';
import { clearEvaluationStorage, evaluationStorageKeys, incrementChatRunCount } from '../lib/evaluation-storage';
import { evaluationToast } from '../lib/evaluation-toast';
import { evaluationKindPath, isEvaluationKind, runningPath, type EvaluationKind } from '../lib/evaluation-type';
import {
  flattenGeneratedResults,
  questionAddedMessage,
  settleGeneratedItem,
  type GeneratedItem,
} from '../lib/generated-questions';
import { defaultLocalSettings, isLocalSettings } from '../lib/local-settings';
import { addGeneratedQuestion } from '../lib/question-list';
import { validateRun } from '../lib/validate-run';

/** docs/product/evaluation.md#test-settings: a public reference on prompt injection and LLM risks (docs/decisions/evaluation-web.md). */
export const INSPIRATION_URL = 'https://genai.owasp.org/llm-top-10/';

const groups: { group: EvaluationGroup; title: string; description: string }[] = [
  {
    group: 'custom-questions',
    title: 'Add custom questions',
    description: 'Questions about your business: what a real customer of this agent would ask.',
  },
  {
    group: 'compliance',
    title: 'Add compliance',
    description: 'Sensitive topics the agent must handle safely: advice it may not give, distress, bias, honesty.',
  },
  {
    group: 'prompt-hacking',
    title: 'Add prompt hacking',
    description: 'Attempts to make the agent leak its instructions, drop its rules or misbehave.',
  },
];

const isString = (value: unknown): value is string => typeof value === 'string';

/** docs/product/evaluation.md#test-settings, Test Settings screen, for both evaluation kinds (`?type=`). */
export function TestSettingsPage() {
  const [searchParams] = useSearchParams();
  const kind = searchParams.get('type');
  if (!isEvaluationKind(kind)) return <Navigate to="/new-evaluation" replace />;
  return <TestSettings kind={kind} />;
}

function TestSettings({ kind }: { kind: EvaluationKind }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useTestSettings();
  const { values } = form;
  const [settings] = useStoredState(evaluationStorageKeys.settings, defaultLocalSettings, isLocalSettings);
  const [templateId, setTemplateId] = useStoredState(evaluationStorageKeys.template, () => '', isString);
  const [openGroups, setOpenGroups] = useState<string[]>([]);
  const [isCreateTemplateOpen, setIsCreateTemplateOpen] = useState(false);
  const [isGenerateOpen, setIsGenerateOpen] = useState(false);
  const [generated, setGenerated] = useState<GeneratedItem[] | null>(null);
  const [isRunning, setIsRunning] = useState(false);
  const keySource = useKeySource();
  // Viewers see the settings (and may try them out locally) but start, generate and save nothing.
  const canRun = useCan('evaluation.start');
  const canManage = useCan('evaluation.manage');
  const templates = useQuery(templatesQuery());

  useEffect(() => {
    if (templates.isError) evaluationToast.error(evaluationMessages.fetchTemplatesFailed);
  }, [templates.isError]);

  // docs/product/evaluation.md#test-settings: Escape closes the three question panels (dialogs and inline editors handle their own).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('[role="dialog"], [role="listbox"]')) return;
      setOpenGroups([]);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const openGroup = (group: EvaluationGroup) =>
    setOpenGroups((current) => (current.includes(group) ? current : [...current, group]));

  const loadTemplate = (template: EvaluationTemplate) => {
    setTemplateId(template._id);
    const enabled = form.loadTemplate(template.templateData);
    setOpenGroups(enabled);
    evaluationToast.success(formatLoadedTemplateMessage(template.templateName));
  };

  // docs/product/evaluation.md#test-settings: 'No Template' does nothing to the form; the picker just shows no template.
  const clearTemplate = () => setTemplateId('');

  const saveTemplate = async (templateName: string) => {
    try {
      const reply = await createTemplate({
        templateName,
        templateData: {
          testing_model: values.testingModel,
          initialMessage: values.initialMessage,
          shortuserDescription: values.shortuserDescription,
          conversationFlowInput: values.conversationFlowInput,
          hallucinationInstruction: values.hallucinationInstruction,
          hallucinationChoice: values.hallucinationChoice,
          customQuestions: values.customQuestions,
          complianceQuestions: values.complianceQuestions,
          promptHackingQuestions: values.promptHackingQuestions,
          settings: { ...settings },
        },
      });
      setTemplateId(reply.templateId);
      evaluationToast.success(evaluationMessages.templateSaved);
      await queryClient.invalidateQueries({ queryKey: evaluationKeys.templates });
      return true;
    } catch {
      evaluationToast.error(evaluationMessages.saveTemplateFailed);
      return false;
    }
  };

  const onGenerated = (results: QuestionGenerationResults) => {
    setIsGenerateOpen(false);
    setGenerated(flattenGeneratedResults(results));
  };

  const settleGenerated = (item: GeneratedItem, status: 'added' | 'rejected') => {
    if (!generated) return;
    const { items, changed } = settleGeneratedItem(generated, item.key, status);
    if (!changed) return;
    setGenerated(items);
    if (status === 'rejected') {
      evaluationToast.info(evaluationMessages.questionRejected);
      return;
    }
    form.updateList(groupLists[changed.group], (list) => addGeneratedQuestion(list, changed));
    form.setGroupChecked(changed.group, true);
    openGroup(changed.group);
    evaluationToast.success(questionAddedMessage(changed.group));
  };

  const run = async () => {
    const problem = validateRun(values);
    if (problem) {
      evaluationToast.error(problem);
      return;
    }
    setIsRunning(true);
    try {
      const reply = await startEvaluation(
        kind,
        buildRunPayload({ kind, evaluationId: crypto.randomUUID(), values, settings }),
      );
      clearEvaluationStorage();
      incrementChatRunCount();
      await navigate(runningPath(reply.runId));
    } catch (error) {
      setIsRunning(false);
      evaluationToast.error(
        evaluationMessages.startEvaluationFailed,
        error instanceof Error && error.message !== evaluationMessages.startEvaluationFailed
          ? error.message
          : undefined,
      );
    }
  };

  if (kind === 'openai-assistants' && !settings.assistant_id) {
    return (
      <EvaluationPage>
        <EmptyState
          icon={Bot}
          title="Pick the agent to test first"
          description="Test Settings belong to an agent. Choose one of this sub account's agents, then come back here."
          action={
            <Button asChild>
              <Link to={evaluationKindPath(kind)}>Choose an agent</Link>
            </Button>
          }
        />
      </EvaluationPage>
    );
  }

  const subject =
    kind === 'openai-assistants' ? settings.assistantName || 'your agent' : `${settings.model} with your system prompt`;
  return (
    <EvaluationPage className="grid gap-6 pb-28">
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold">Test Settings</h2>
        <p className="text-sm text-muted-foreground">
          Evaluating <span className="font-medium text-foreground">{settings.evaluationName || subject}</span>
          {settings.evaluationName ? ` · ${subject}` : ''}
        </p>
      </div>
      <KeySourceNotice source={keySource} />
      {canRun ? null : (
        <p
          role="note"
          className="flex items-center gap-2 rounded-[var(--radius-card)] border border-border bg-muted/40 px-4 py-3 text-sm"
        >
          <Eye className="size-4 shrink-0" aria-hidden />
          {VIEW_ONLY_NOTE}: viewers cannot run evaluations, generate questions or save templates.
        </p>
      )}

      <section
        aria-label="Conversation setup"
        className="grid gap-4 rounded-[var(--radius-card)] border border-border bg-card p-4 sm:grid-cols-2 sm:p-5"
      >
        <TemplatePicker
          templates={templates.data?.templates ?? []}
          isLoading={templates.isLoading}
          selected={templateId}
          onNoTemplate={clearTemplate}
          onLoad={loadTemplate}
          onCreate={() => setIsCreateTemplateOpen(true)}
          canCreate={canManage}
        />
        <TestingModelPicker value={values.testingModel} onChange={form.setTestingModel} />
        <div className="grid gap-2 sm:col-span-2">
          <Label htmlFor="evaluation-initial-message">Initial message</Label>
          <Input
            id="evaluation-initial-message"
            value={values.initialMessage}
            onChange={(event) => form.setInitialMessage(event.target.value)}
            aria-describedby="evaluation-initial-message-hint"
          />
          <p id="evaluation-initial-message-hint" className="text-xs text-muted-foreground">
            The assistant&apos;s opening line in every simulated conversation.
          </p>
        </div>
        <div className="grid gap-2 sm:col-span-2">
          <Label htmlFor="evaluation-user-description">What does the user want help with?</Label>
          <Textarea
            id="evaluation-user-description"
            value={values.shortuserDescription}
            onChange={(event) => form.setShortuserDescription(event.target.value)}
            className="min-h-16"
            aria-describedby="evaluation-user-description-hint"
          />
          <p id="evaluation-user-description-hint" className="text-xs text-muted-foreground">
            The simulated user plays this person until it asks the question.
          </p>
        </div>
      </section>

      <section aria-labelledby="evaluation-questions-heading" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="evaluation-questions-heading" className="text-base font-semibold">
            Questions
          </h3>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setIsGenerateOpen(true)} disabled={!canRun}>
              <Sparkles aria-hidden />
              Generate Questions with AI
            </Button>
            <Button variant="outline" asChild>
              <a href={INSPIRATION_URL} target="_blank" rel="noopener noreferrer">
                <BookOpen aria-hidden />
                Find inspiration here
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Button>
          </div>
        </div>
        <AccordionPrimitive.Root
          type="multiple"
          value={openGroups}
          onValueChange={setOpenGroups}
          className="grid gap-3"
        >
          {groups.map(({ group, title, description }) => (
            <QuestionGroup
              key={group}
              value={group}
              title={title}
              description={description}
              isEnabled={values.checkedItems[group]}
              onEnabledChange={(checked) => form.setGroupChecked(group, checked)}
              questions={values[groupLists[group]]}
              onQuestionsChange={(update) => form.updateList(groupLists[group], update)}
            />
          ))}
        </AccordionPrimitive.Root>
      </section>

      <div className="sticky bottom-0 z-10 -mx-4 flex items-center justify-between gap-3 border-t border-border bg-background/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
        <Button variant="outline" asChild>
          <Link to={evaluationKindPath(kind)}>
            <ArrowLeft aria-hidden />
            Back
          </Link>
        </Button>
        {canRun ? (
          <Button onClick={() => void run()} disabled={isRunning} className="min-w-28">
            {isRunning ? <Spinner /> : <Play aria-hidden />}
            {isRunning ? 'Running...' : 'Run'}
          </Button>
        ) : (
          <Tooltip content={VIEW_ONLY_NOTE}>
            <span tabIndex={0} className="inline-flex">
              <Button disabled className="min-w-28">
                <Play aria-hidden />
                Run
              </Button>
            </span>
          </Tooltip>
        )}
      </div>

      <CreateTemplateDialog
        isOpen={isCreateTemplateOpen}
        onOpenChange={setIsCreateTemplateOpen}
        onSave={saveTemplate}
      />
      <GenerateQuestionsDialog
        isOpen={isGenerateOpen}
        onOpenChange={setIsGenerateOpen}
        prompt={settings.prompt}
        testingModel={values.testingModel}
        onGenerated={onGenerated}
      />
      <GeneratedQuestionsDialog
        isOpen={generated !== null}
        onOpenChange={(open) => {
          if (!open) setGenerated(null);
        }}
        items={generated ?? []}
        onAdd={(item) => settleGenerated(item, 'added')}
        onReject={(item) => settleGenerated(item, 'rejected')}
        onGenerateNew={() => {
          setGenerated(null);
          setIsGenerateOpen(true);
        }}
      />
    </EvaluationPage>
  );
}
