import type { MarketplaceType, ProjectSort } from '@agentry/core/marketplace';

export function marketplaceTypeLabel(type: MarketplaceType) {
  return type === 'agency' ? 'Agency' : 'Business';
}

export const sortLabels: Record<ProjectSort, string> = {
  newest: 'Newest',
  'budget-desc': 'Budget: high to low',
  'budget-asc': 'Budget: low to high',
};

export function projectPagePath(id: string) {
  return `/marketplace/projects/${encodeURIComponent(id)}`;
}

export const MY_PROJECTS_PATH = '/marketplace?view=mine';
