import { Trash2 } from 'lucide-react';
import { clampVariations, clampWhenToAsk, evaluationLimits } from '@agentry/core/evaluation';
import type { EvaluationQuestionItem } from '@agentry/core/evaluation-defaults';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/cn';
import { ClampedNumberField } from './clamped-number-field';
import { InlineEditText } from './inline-edit-text';

type QuestionRowProps = {
  question: EvaluationQuestionItem;
  index: number;
  onChange: (patch: Partial<Omit<EvaluationQuestionItem, 'id'>>) => void;
  onDelete: () => void;
};

/** One question: select, inline text and criteria, variations and the turn it is asked at, delete. */
export function QuestionRow({ question, index, onChange, onDelete }: QuestionRowProps) {
  const name = `question ${index + 1}`;
  return (
    <li
      className={cn(
        'grid grid-cols-[auto_minmax(0,1fr)_auto] gap-x-2 gap-y-1 rounded-[var(--radius-control)] border border-border bg-background p-3',
        !question.selected && 'opacity-70',
      )}
    >
      <Checkbox
        className="mt-2.5"
        checked={question.selected}
        onCheckedChange={(checked) => onChange({ selected: checked === true })}
        aria-label={`Select ${name}`}
      />
      <InlineEditText
        label="Question"
        value={question.text}
        placeholder="Write the question the simulated user asks"
        isEditing={question.isEditing}
        onEditingChange={(isEditing) => onChange({ isEditing })}
        onSave={(text) => onChange({ text })}
        className="font-medium"
      />
      <Button
        variant="ghost"
        size="icon-sm"
        onClick={onDelete}
        aria-label={`Delete ${name}`}
        className="text-muted-foreground hover:text-destructive"
      >
        <Trash2 aria-hidden />
      </Button>
      <div className="col-start-2 col-end-4 grid gap-1">
        <span className="px-2 text-xs font-medium uppercase tracking-wide text-muted-foreground">Success criteria</span>
        <InlineEditText
          label="Success criteria"
          value={question.successCriteria}
          placeholder="Describe what a good answer does"
          isEditing={question.isSuccessCriteriaEditing}
          onEditingChange={(isSuccessCriteriaEditing) => onChange({ isSuccessCriteriaEditing })}
          onSave={(successCriteria) => onChange({ successCriteria })}
          className="text-sm text-muted-foreground"
        />
        <div className="flex flex-wrap gap-x-5 gap-y-2 px-2 pt-1">
          <ClampedNumberField
            label="Variations"
            context={name}
            value={question.variations}
            min={evaluationLimits.variationsMin}
            max={evaluationLimits.variationsMax}
            clamp={clampVariations}
            onChange={(variations) => onChange({ variations })}
          />
          <ClampedNumberField
            label="Ask at user turn"
            context={name}
            value={question.whenToAsk}
            min={evaluationLimits.whenToAskMin}
            max={evaluationLimits.whenToAskMax}
            clamp={clampWhenToAsk}
            onChange={(whenToAsk) => onChange({ whenToAsk })}
          />
        </div>
      </div>
    </li>
  );
}
