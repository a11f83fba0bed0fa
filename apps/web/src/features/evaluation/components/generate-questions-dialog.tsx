import { Plus, Sparkles, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  clampCustomCategoryCount,
  evaluationLimits,
  evaluationMessages,
  findRepeatedCustomCategoryNames,
  type QuestionGenerationResults,
} from '@agentry/core/evaluation';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { startQuestionGeneration } from '../api/evaluation-api';
import { pollQuestionGeneration, QuestionGenerationError } from '../api/poll-question-generation';
import { evaluationToast } from '../lib/evaluation-toast';

type CustomCategory = { id: string; label: string; count: string };

const categories = [
  { key: 'generatedIndustryCount', label: 'Industry questions' },
  { key: 'generatedAngryCount', label: 'Angry customer questions' },
  { key: 'generatedComplianceCount', label: 'Compliance questions' },
  { key: 'generatedPromptHackingCount', label: 'Prompt hacking questions' },
] as const;

type CountKey = (typeof categories)[number]['key'];

const countOptions = Array.from({ length: evaluationLimits.generatedCountMax + 1 }, (_, index) => String(index));

type GenerateQuestionsDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** What the agent under test is for; the questions are written for it. */
  prompt: string;
  testingModel: string;
  onGenerated: (results: QuestionGenerationResults) => void;
};

/** docs/product/evaluation.md#test-settings, 'Generate Questions with AI': counts per category and custom categories, then the job (docs/product/evaluation.md#question-generation). */
export function GenerateQuestionsDialog({
  isOpen,
  onOpenChange,
  prompt,
  testingModel,
  onGenerated,
}: GenerateQuestionsDialogProps) {
  const [counts, setCounts] = useState<Record<CountKey, string>>({
    generatedIndustryCount: '3',
    generatedAngryCount: '2',
    generatedComplianceCount: '2',
    generatedPromptHackingCount: '2',
  });
  const [customCategories, setCustomCategories] = useState<CustomCategory[]>([]);
  const [isThinking, setIsThinking] = useState(false);
  /** Why the last generation failed, in whole or in part, kept in the dialog until the next try. */
  const [failure, setFailure] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  const close = (open: boolean) => {
    if (!open) {
      abortRef.current?.abort();
      setIsThinking(false);
    }
    onOpenChange(open);
  };

  const generate = async () => {
    const controller = new AbortController();
    abortRef.current = controller;
    setIsThinking(true);
    setFailure(null);
    let id: string;
    try {
      const reply = await startQuestionGeneration(
        {
          evaluation_type: 'questiongenerator',
          ...counts,
          customPrompts: customCategories
            .filter((category) => category.label.trim() !== '')
            .map((category) => ({ id: category.id, count: category.count || '0', label: category.label.trim() })),
          prompt,
          testing_model: testingModel || undefined,
        },
        controller.signal,
      );
      id = reply.data.generatequestionsId;
    } catch (error) {
      if (controller.signal.aborted) return;
      setIsThinking(false);
      // The server's reason (e.g. too many generations in progress) under the documented title.
      evaluationToast.error(
        evaluationMessages.generationStartFailed,
        error instanceof Error && error.message !== evaluationMessages.generationStartFailed
          ? error.message
          : undefined,
      );
      return;
    }
    try {
      const { results, failure: partFailed } = await pollQuestionGeneration(id, controller.signal);
      setIsThinking(false);
      onGenerated(results);
      if (partFailed) {
        // The questions written are shown; the toast and the dialog (on the next try) say what was not.
        setFailure(partFailed);
        evaluationToast.error(evaluationMessages.generationPartlyFailed, partFailed);
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      setIsThinking(false);
      const message = error instanceof QuestionGenerationError ? error.message : evaluationMessages.generationFailed;
      if (
        error instanceof QuestionGenerationError &&
        error.reason === 'failed' &&
        message !== evaluationMessages.generationFailed
      ) {
        // The toast names the outcome; the dialog keeps the explanation (which step, why, what to do).
        setFailure(message);
        evaluationToast.error(evaluationMessages.generationFailed, message);
      } else evaluationToast.error(message);
    }
  };

  // Questions come back keyed by category name, so a repeated name is refused here as on the server.
  const repeatedNames = new Set(findRepeatedCustomCategoryNames(customCategories.map((category) => category.label)));
  const total =
    Object.values(counts).reduce((sum, count) => sum + Number(count), 0) +
    customCategories.reduce((sum, category) => sum + (category.label.trim() ? Number(category.count || 0) : 0), 0);

  return (
    <Dialog open={isOpen} onOpenChange={close}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Generate Questions with AI</DialogTitle>
          <DialogDescription>
            Choose how many questions of each kind the testing model writes for this agent, with success criteria.
          </DialogDescription>
        </DialogHeader>
        {isThinking ? (
          <div className="flex flex-col items-center gap-3 py-10 text-center" role="status" aria-live="polite">
            <Spinner className="size-8 text-primary" />
            <p className="font-medium">{evaluationMessages.generating}</p>
          </div>
        ) : (
          <div className="grid gap-5">
            {failure ? (
              <p
                role="alert"
                className="rounded-[var(--radius-control)] border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive"
              >
                {failure}
              </p>
            ) : null}
            <div className="grid gap-3 sm:grid-cols-2">
              {categories.map((category) => (
                <div key={category.key} className="grid gap-2">
                  <Label htmlFor={`evaluation-${category.key}`}>{category.label}</Label>
                  <Select
                    value={counts[category.key]}
                    onValueChange={(value) => setCounts((current) => ({ ...current, [category.key]: value }))}
                  >
                    <SelectTrigger id={`evaluation-${category.key}`}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {countOptions.map((option) => (
                        <SelectItem key={option} value={option}>
                          {option}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </div>
              ))}
            </div>
            <fieldset className="grid gap-3">
              <legend className="mb-2 text-sm font-medium">Custom categories</legend>
              {customCategories.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  Add a category of your own, such as “Warranty questions”.
                </p>
              ) : null}
              {customCategories.map((category, index) => (
                <div key={category.id} className="grid grid-cols-[minmax(0,1fr)_5rem_auto] items-center gap-2">
                  <Input
                    aria-label={`Custom category ${index + 1} name`}
                    placeholder="Category name"
                    value={category.label}
                    maxLength={100}
                    aria-invalid={repeatedNames.has(index) || undefined}
                    aria-describedby={repeatedNames.has(index) ? `${category.id}-name-error` : undefined}
                    onChange={(event) =>
                      setCustomCategories((list) =>
                        list.map((item) => (item.id === category.id ? { ...item, label: event.target.value } : item)),
                      )
                    }
                  />
                  <Input
                    aria-label={`Custom category ${index + 1} count`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={evaluationLimits.customCategoryCountMax}
                    value={category.count}
                    onChange={(event) => {
                      const raw = event.target.value;
                      const count = raw.trim() === '' ? '' : String(clampCustomCategoryCount(Number(raw)));
                      setCustomCategories((list) =>
                        list.map((item) => (item.id === category.id ? { ...item, count } : item)),
                      );
                    }}
                    className="text-right tabular-nums"
                  />
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Remove custom category ${index + 1}`}
                    onClick={() => setCustomCategories((list) => list.filter((item) => item.id !== category.id))}
                  >
                    <X aria-hidden />
                  </Button>
                  {repeatedNames.has(index) ? (
                    <p id={`${category.id}-name-error`} className="col-span-3 text-xs text-destructive">
                      {evaluationMessages.customCategoryNameRepeated}
                    </p>
                  ) : null}
                </div>
              ))}
              {customCategories.length < evaluationLimits.customCategoriesMax ? (
                <div>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() =>
                      setCustomCategories((list) => [...list, { id: crypto.randomUUID(), label: '', count: '3' }])
                    }
                  >
                    <Plus aria-hidden />
                    Add custom category
                  </Button>
                </div>
              ) : null}
            </fieldset>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button onClick={() => void generate()} disabled={isThinking || total === 0 || repeatedNames.size > 0}>
            <Sparkles aria-hidden />
            Generate
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
