import { Plus } from 'lucide-react';
import { Accordion as AccordionPrimitive } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import type { EvaluationQuestionItem } from '@agentry/core/evaluation-defaults';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { addBlankQuestion, deleteQuestion, selectAllQuestions, updateQuestion } from '../lib/question-list';
import { QuestionRow } from './question-row';

type QuestionGroupProps = {
  /** The accordion item's value. */
  value: string;
  title: string;
  description: string;
  isEnabled: boolean;
  onEnabledChange: (isEnabled: boolean) => void;
  questions: EvaluationQuestionItem[];
  onQuestionsChange: (update: (list: EvaluationQuestionItem[]) => EvaluationQuestionItem[]) => void;
};

/** A collapsible question group with the checkbox that enables it (docs/product/evaluation.md#test-settings). */
export function QuestionGroup({
  value,
  title,
  description,
  isEnabled,
  onEnabledChange,
  questions,
  onQuestionsChange,
}: QuestionGroupProps) {
  const selectedCount = questions.filter((question) => question.selected).length;
  const allSelected = questions.length > 0 && selectedCount === questions.length;
  return (
    <AccordionPrimitive.Item value={value} className="rounded-[var(--radius-card)] border border-border bg-card">
      <AccordionPrimitive.Header className="flex items-center gap-3 px-4">
        <Checkbox
          checked={isEnabled}
          onCheckedChange={(checked) => onEnabledChange(checked === true)}
          aria-label={`Enable ${title}`}
        />
        <AccordionPrimitive.Trigger className="group flex flex-1 cursor-pointer items-center justify-between gap-3 py-4 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
          <span className="min-w-0">
            <span className="block font-medium">{title}</span>
            <span className="block text-xs text-muted-foreground">
              {selectedCount} of {questions.length} selected{isEnabled ? '' : ' · not in the run'}
            </span>
          </span>
          <ChevronDown
            className="size-5 shrink-0 opacity-70 transition-transform duration-200 group-data-[state=open]:rotate-180 motion-reduce:transition-none"
            aria-hidden
          />
        </AccordionPrimitive.Trigger>
      </AccordionPrimitive.Header>
      <AccordionPrimitive.Content className="overflow-hidden data-[state=open]:animate-in">
        <div className="grid gap-3 border-t border-border px-4 py-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted-foreground">{description}</p>
            {questions.length > 0 ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onQuestionsChange((list) => selectAllQuestions(list, !allSelected))}
              >
                {allSelected ? 'Deselect all' : 'Select all'}
              </Button>
            ) : null}
          </div>
          {questions.length === 0 ? (
            <p className="rounded-[var(--radius-control)] border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
              No questions in this group. Add one, or generate some with AI.
            </p>
          ) : (
            <ol className="grid gap-2" aria-label={title}>
              {questions.map((question, index) => (
                <QuestionRow
                  key={question.id}
                  question={question}
                  index={index}
                  onChange={(patch) => onQuestionsChange((list) => updateQuestion(list, question.id, patch))}
                  onDelete={() => onQuestionsChange((list) => deleteQuestion(list, question.id))}
                />
              ))}
            </ol>
          )}
          <div>
            <Button
              variant="outline"
              size="sm"
              onClick={() => onQuestionsChange((list) => addBlankQuestion(list))}
              aria-label={`Add a question to ${title}`}
            >
              <Plus aria-hidden />
              Add a question
            </Button>
          </div>
        </div>
      </AccordionPrimitive.Content>
    </AccordionPrimitive.Item>
  );
}
