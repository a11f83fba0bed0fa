import {
  BUDGET_QUICK_PICKS,
  DESCRIPTION_MAX_LENGTH,
  DESCRIPTION_WARNING_LENGTH,
  formatPriceText,
  keepBudgetCharacters,
  marketplaceCategories,
  marketplaceTimeframes,
  parseBudget,
  TITLE_MAX_LENGTH,
  TITLE_WARNING_LENGTH,
  type MarketplaceType,
  type PriceType,
} from '@agentry/core/marketplace';
import { Building2, Rocket } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { PRICE_TYPE_OPTIONS, type ProjectDraft, type StepErrors } from '../../lib/project-draft';
import { CharacterCounter } from './character-counter';
import { ChoiceGroup, type Choice } from './choice-group';

type StepProps = {
  project: ProjectDraft;
  errors: StepErrors;
  onChange: (patch: Partial<ProjectDraft>) => void;
};

const typeChoices: readonly Choice<MarketplaceType>[] = [
  {
    value: 'agency',
    label: "I'm an agency",
    description: 'Offer your AI automation services and get found by businesses.',
    icon: <Rocket className="size-5" aria-hidden />,
  },
  {
    value: 'business',
    label: "I'm a business",
    description: 'Describe the AI project you need and hear from agencies.',
    icon: <Building2 className="size-5" aria-hidden />,
  },
];

export function TypeStep({ project, onChange }: StepProps) {
  return (
    <ChoiceGroup
      name="marketplaceType"
      legend="Who is posting this project?"
      options={typeChoices}
      value={project.marketplaceType}
      onChange={(marketplaceType) => onChange({ marketplaceType })}
      className="sm:grid-cols-2"
    />
  );
}

export function TitleStep({ project, errors, onChange }: StepProps) {
  const inputId = useId();
  const errorId = useId();
  const counterId = useId();
  return (
    <div className="grid gap-2">
      <div className="flex items-end gap-3">
        <Label htmlFor={inputId}>Project title</Label>
        <CharacterCounter
          id={counterId}
          length={project.title.length}
          warningAt={TITLE_WARNING_LENGTH}
          max={TITLE_MAX_LENGTH}
        />
      </div>
      <Input
        id={inputId}
        value={project.title}
        onChange={(event) => onChange({ title: event.target.value })}
        placeholder="e.g. AI receptionist for a dental clinic"
        aria-invalid={errors.title ? true : undefined}
        aria-describedby={[counterId, errors.title ? errorId : ''].filter(Boolean).join(' ')}
        autoFocus
      />
      <FieldError id={errorId}>{errors.title}</FieldError>
    </div>
  );
}

export function DescriptionStep({ project, errors, onChange }: StepProps) {
  const inputId = useId();
  const errorId = useId();
  const counterId = useId();
  return (
    <div className="grid gap-2">
      <div className="flex items-end gap-3">
        <Label htmlFor={inputId}>Project description</Label>
        <CharacterCounter
          id={counterId}
          length={project.description.length}
          warningAt={DESCRIPTION_WARNING_LENGTH}
          max={DESCRIPTION_MAX_LENGTH}
        />
      </div>
      <Textarea
        id={inputId}
        value={project.description}
        onChange={(event) => onChange({ description: event.target.value })}
        rows={8}
        placeholder="What should be built, for whom, and what does success look like?"
        aria-invalid={errors.description ? true : undefined}
        aria-describedby={[counterId, errors.description ? errorId : ''].filter(Boolean).join(' ')}
        autoFocus
      />
      <FieldError id={errorId}>{errors.description}</FieldError>
    </div>
  );
}

/** A step that asks one question with a fixed set of answers, stored in `field` of the draft. */
function ChoiceStep<F extends 'timeframe' | 'category'>({
  field,
  legend,
  choices,
  className,
  project,
  errors,
  onChange,
}: StepProps & { field: F; legend: string; choices: readonly Choice<ProjectDraft[F]>[]; className: string }) {
  const errorId = useId();
  return (
    <div className="grid gap-2">
      <ChoiceGroup
        name={field}
        legend={legend}
        options={choices}
        value={project[field]}
        onChange={(value) => onChange({ [field]: value })}
        hasError={Boolean(errors[field])}
        errorId={errorId}
        className={className}
      />
      <FieldError id={errorId}>{errors[field]}</FieldError>
    </div>
  );
}

const timeframeChoices = marketplaceTimeframes.map((value) => ({ value, label: value }));

export function TimeframeStep(props: StepProps) {
  return (
    <ChoiceStep
      {...props}
      field="timeframe"
      legend="How long will the project run?"
      choices={timeframeChoices}
      className="sm:grid-cols-2"
    />
  );
}

const categoryChoices = marketplaceCategories.map((value) => ({ value, label: value }));

export function CategoryStep(props: StepProps) {
  return (
    <ChoiceStep
      {...props}
      field="category"
      legend="Which category fits best?"
      choices={categoryChoices}
      className="grid-cols-2 sm:grid-cols-3"
    />
  );
}

export function BudgetStep({ project, errors, onChange }: StepProps) {
  const inputId = useId();
  const errorId = useId();
  const previewId = useId();
  const budget = parseBudget(project.priceValue);
  return (
    <div className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor={inputId}>Budget (USD)</Label>
        <div className="relative">
          <span
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
            aria-hidden
          >
            $
          </span>
          <Input
            id={inputId}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={project.priceValue}
            onChange={(event) => onChange({ priceValue: keepBudgetCharacters(event.target.value) })}
            placeholder="500"
            className="pl-7"
            aria-invalid={errors.priceValue ? true : undefined}
            aria-describedby={[previewId, errors.priceValue ? errorId : ''].filter(Boolean).join(' ')}
            autoFocus
          />
        </div>
        <FieldError id={errorId}>{errors.priceValue}</FieldError>
      </div>

      <div className="grid gap-2">
        <span className="text-sm font-medium" id={`${inputId}-picks`}>
          Quick picks
        </span>
        <div className="flex flex-wrap gap-2" role="group" aria-labelledby={`${inputId}-picks`}>
          {BUDGET_QUICK_PICKS.map((amount) => (
            <Button
              key={amount}
              variant="outline"
              size="sm"
              aria-pressed={budget === amount}
              className={cn(budget === amount && 'border-primary bg-secondary text-secondary-foreground')}
              onClick={() => onChange({ priceValue: String(amount) })}
            >
              ${amount}
            </Button>
          ))}
        </div>
      </div>

      <ChoiceGroup<PriceType>
        name="priceType"
        legend="Payment schedule"
        options={PRICE_TYPE_OPTIONS}
        value={project.priceType}
        onChange={(priceType) => onChange({ priceType })}
        className="grid-cols-3"
      />

      <p id={previewId} className="rounded-[var(--radius-control)] bg-muted px-3 py-2 text-sm" aria-live="polite">
        <span className="text-muted-foreground">Shown as: </span>
        <span className="font-semibold" data-testid="price-text">
          {budget === null ? '—' : formatPriceText(budget, project.priceType)}
        </span>
      </p>
    </div>
  );
}
