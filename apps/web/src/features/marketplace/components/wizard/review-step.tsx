import { formatPriceText, parseBudget, type MarketplaceType } from '@agentry/core/marketplace';
import type { ReactNode } from 'react';
import { marketplaceTypeLabel } from '../../lib/project-labels';
import { stepIndexOf, type ContactDraft, type ProjectDraft } from '../../lib/project-draft';
import { ProjectCard } from '../project-card';

type ReviewStepProps = {
  project: ProjectDraft;
  contact: ContactDraft;
  /** The account e-mail of a signed-in author; the typed one otherwise. */
  email: string;
  onEditStep: (stepIndex: number) => void;
  children?: ReactNode;
};

/** Everything entered, with a preview of the listing card and a way back to each step. */
export function ReviewStep({ project, contact, email, onEditStep, children }: ReviewStepProps) {
  const budget = parseBudget(project.priceValue);
  const price = budget === null ? '' : formatPriceText(budget, project.priceType);
  const type = project.marketplaceType === '' ? null : (project.marketplaceType satisfies MarketplaceType);
  const rows: { label: string; value: string; step: number }[] = [
    { label: 'Type', value: type ? marketplaceTypeLabel(type) : '', step: stepIndexOf('marketplaceType') },
    { label: 'Title', value: project.title.trim(), step: stepIndexOf('title') },
    { label: 'Timeframe', value: project.timeframe, step: stepIndexOf('timeframe') },
    { label: 'Category', value: project.category, step: stepIndexOf('category') },
    { label: 'Budget', value: price, step: stepIndexOf('budget') },
    { label: 'Name', value: contact.name.trim(), step: stepIndexOf('contact') },
    { label: 'Business name', value: contact.businessName.trim(), step: stepIndexOf('contact') },
    { label: 'Email', value: email, step: stepIndexOf('contact') },
  ];
  return (
    <div className="grid gap-5 md:grid-cols-[minmax(0,15rem)_minmax(0,1fr)]">
      <div className="grid content-start gap-2">
        <span className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Preview</span>
        <ProjectCard
          project={{
            title: project.title.trim(),
            description: project.description.trim(),
            category: project.category,
            price,
            timeframe: project.timeframe,
            image: project.image,
            icon: project.icon,
            authorName: contact.name.trim(),
            companyName: contact.businessName.trim(),
            marketplaceType: type ?? 'business',
          }}
        />
      </div>
      <div className="grid content-start gap-4">
        <dl className="divide-y divide-border rounded-[var(--radius-control)] border border-border text-sm">
          {rows.map((row) => (
            <div key={row.label} className="flex items-start gap-3 px-3 py-2">
              <dt className="w-28 shrink-0 text-muted-foreground">{row.label}</dt>
              <dd className="min-w-0 flex-1 break-words font-medium">{row.value || '—'}</dd>
              <button
                type="button"
                onClick={() => onEditStep(row.step)}
                className="shrink-0 rounded text-xs font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                aria-label={`Edit ${row.label.toLowerCase()}`}
              >
                Edit
              </button>
            </div>
          ))}
        </dl>
        <div className="grid gap-1">
          <span className="text-sm text-muted-foreground">Description</span>
          <p className="max-h-40 overflow-y-auto whitespace-pre-wrap rounded-[var(--radius-control)] bg-muted px-3 py-2 text-sm">
            {project.description.trim()}
          </p>
        </div>
        {children}
      </div>
    </div>
  );
}
