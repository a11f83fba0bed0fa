import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DESCRIPTION_MAX_LENGTH,
  DESCRIPTION_WARNING_LENGTH,
  keepBudgetCharacters,
  marketplaceCategories,
  marketplaceTimeframes,
  parseBudget,
  TITLE_MAX_LENGTH,
  TITLE_WARNING_LENGTH,
  type MarketplaceCategory,
  type MarketplaceProject,
  type MarketplaceTimeframe,
  type PriceType,
  type UpdateProjectBody,
} from '@agentry/core/marketplace';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { marketplaceKeys, updateProject } from '../api/marketplace-api';
import {
  emptyContactDraft,
  hasErrors,
  PRICE_TYPE_OPTIONS,
  validateStep,
  type ProjectDraft,
  type StepErrors,
} from '../lib/project-draft';
import { CharacterCounter } from './wizard/character-counter';

type EditProjectDialogProps = { project: MarketplaceProject | null; onOpenChange: (open: boolean) => void };

/** The author edits title, description, budget, timeframe and category of a project. */
export function EditProjectDialog({ project, onOpenChange }: EditProjectDialogProps) {
  return (
    <Dialog open={project !== null} onOpenChange={onOpenChange}>
      {project ? <EditProjectForm key={project.id} project={project} onClose={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function toDraft(project: MarketplaceProject): ProjectDraft {
  return {
    marketplaceType: project.marketplaceType,
    title: project.title,
    description: project.description,
    timeframe: project.timeframe,
    category: project.category,
    image: project.image,
    icon: project.icon,
    priceValue: String(project.priceValue),
    priceType: project.priceType,
  };
}

function EditProjectForm({ project, onClose }: { project: MarketplaceProject; onClose: () => void }) {
  const queryClient = useQueryClient();
  const ids = {
    title: useId(),
    titleError: useId(),
    titleCounter: useId(),
    description: useId(),
    descriptionError: useId(),
    descriptionCounter: useId(),
  };
  const budgetIds = { input: useId(), error: useId(), schedule: useId(), timeframe: useId(), category: useId() };
  const [draft, setDraft] = useState<ProjectDraft>(() => toDraft(project));
  const [errors, setErrors] = useState<StepErrors>({});

  const save = useMutation({
    mutationFn: (body: UpdateProjectBody) => updateProject(project.id, body),
    onSuccess: (updated) => {
      queryClient.setQueryData(marketplaceKeys.detail(project.id), updated);
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.all });
      toast.success('Project updated');
      onClose();
    },
  });

  function update(patch: Partial<ProjectDraft>) {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors({});
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = { project: draft, contact: emptyContactDraft, isSignedIn: true };
    const found = {
      ...validateStep('title', input),
      ...validateStep('description', input),
      ...validateStep('budget', input),
    };
    setErrors(found);
    if (hasErrors(found)) return;
    const body: UpdateProjectBody = {};
    const budget = parseBudget(draft.priceValue) ?? 0;
    if (draft.title.trim() !== project.title) body.title = draft.title.trim();
    if (draft.description.trim() !== project.description) body.description = draft.description.trim();
    if (budget !== project.priceValue) body.priceValue = budget;
    if (draft.priceType !== project.priceType) body.priceType = draft.priceType;
    if (draft.timeframe !== project.timeframe) body.timeframe = draft.timeframe as MarketplaceTimeframe;
    if (draft.category !== project.category) body.category = draft.category as MarketplaceCategory;
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    save.mutate(body);
  }

  return (
    <DialogContent className="max-w-xl">
      <form noValidate onSubmit={submit} className="grid gap-4">
        <DialogHeader>
          <DialogTitle>Edit project</DialogTitle>
          <DialogDescription>Changes show in the listing right away.</DialogDescription>
        </DialogHeader>

        <div className="grid gap-2">
          <div className="flex items-end gap-3">
            <Label htmlFor={ids.title}>Project title</Label>
            <CharacterCounter
              id={ids.titleCounter}
              length={draft.title.length}
              warningAt={TITLE_WARNING_LENGTH}
              max={TITLE_MAX_LENGTH}
            />
          </div>
          <Input
            id={ids.title}
            value={draft.title}
            onChange={(event) => update({ title: event.target.value })}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={[ids.titleCounter, errors.title ? ids.titleError : ''].filter(Boolean).join(' ')}
          />
          <FieldError id={ids.titleError}>{errors.title}</FieldError>
        </div>

        <div className="grid gap-2">
          <div className="flex items-end gap-3">
            <Label htmlFor={ids.description}>Project description</Label>
            <CharacterCounter
              id={ids.descriptionCounter}
              length={draft.description.length}
              warningAt={DESCRIPTION_WARNING_LENGTH}
              max={DESCRIPTION_MAX_LENGTH}
            />
          </div>
          <Textarea
            id={ids.description}
            rows={6}
            value={draft.description}
            onChange={(event) => update({ description: event.target.value })}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={[ids.descriptionCounter, errors.description ? ids.descriptionError : '']
              .filter(Boolean)
              .join(' ')}
          />
          <FieldError id={ids.descriptionError}>{errors.description}</FieldError>
        </div>

        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={budgetIds.input}>Budget (USD)</Label>
            <Input
              id={budgetIds.input}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              value={draft.priceValue}
              onChange={(event) => update({ priceValue: keepBudgetCharacters(event.target.value) })}
              aria-invalid={errors.priceValue ? true : undefined}
              aria-describedby={errors.priceValue ? budgetIds.error : undefined}
            />
            <FieldError id={budgetIds.error}>{errors.priceValue}</FieldError>
          </div>
          <div className="grid content-start gap-2">
            <Label htmlFor={budgetIds.schedule}>Payment schedule</Label>
            <Select value={draft.priceType} onValueChange={(value) => update({ priceType: value as PriceType })}>
              <SelectTrigger id={budgetIds.schedule}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {PRICE_TYPE_OPTIONS.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid content-start gap-2">
            <Label htmlFor={budgetIds.timeframe}>Timeframe</Label>
            <Select value={draft.timeframe} onValueChange={(timeframe) => update({ timeframe })}>
              <SelectTrigger id={budgetIds.timeframe}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {marketplaceTimeframes.map((timeframe) => (
                  <SelectItem key={timeframe} value={timeframe}>
                    {timeframe}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid content-start gap-2">
            <Label htmlFor={budgetIds.category}>Category</Label>
            <Select value={draft.category} onValueChange={(category) => update({ category })}>
              <SelectTrigger id={budgetIds.category}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {marketplaceCategories.map((category) => (
                  <SelectItem key={category} value={category}>
                    {category}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>

        <DialogFooter>
          <Button variant="ghost" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null}
            Save changes
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
