import {
  marketplaceCategories,
  marketplaceTimeframes,
  projectSorts,
  type MarketplaceType,
  type ProjectSort,
} from '@agentry/core/marketplace';

/** The browse filters; each lives in the URL so a filtered listing can be shared. */
export type ListingFilters = {
  type: MarketplaceType | '';
  category: string;
  minBudget: string;
  maxBudget: string;
  timeframe: string;
  search: string;
  sort: ProjectSort;
};

export const defaultListingFilters: ListingFilters = {
  type: '',
  category: '',
  minBudget: '',
  maxBudget: '',
  timeframe: '',
  search: '',
  sort: 'newest',
};

/** URL parameter of each filter. */
const PARAM: Record<keyof ListingFilters, string> = {
  type: 'type',
  category: 'category',
  minBudget: 'minBudget',
  maxBudget: 'maxBudget',
  timeframe: 'timeframe',
  search: 'q',
  sort: 'sort',
};

const FILTER_KEYS = Object.keys(PARAM) as (keyof ListingFilters)[];

function readBudget(value: string | null) {
  if (!value) return '';
  return /^\d+(\.\d+)?$/.test(value) ? value : '';
}

export function readListingFilters(params: URLSearchParams): ListingFilters {
  const type = params.get(PARAM.type);
  const timeframe = params.get(PARAM.timeframe) ?? '';
  const category = params.get(PARAM.category) ?? '';
  const sort = params.get(PARAM.sort) ?? '';
  return {
    type: type === 'agency' || type === 'business' ? type : '',
    category: (marketplaceCategories as readonly string[]).includes(category) ? category : '',
    minBudget: readBudget(params.get(PARAM.minBudget)),
    maxBudget: readBudget(params.get(PARAM.maxBudget)),
    timeframe: (marketplaceTimeframes as readonly string[]).includes(timeframe) ? timeframe : '',
    search: params.get(PARAM.search) ?? '',
    sort: (projectSorts as readonly string[]).includes(sort) ? (sort as ProjectSort) : 'newest',
  };
}

/** The params with the filters written in; defaults are left out to keep links short. Other params stay. */
export function writeListingFilters(params: URLSearchParams, filters: ListingFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value === '' || value === defaultListingFilters[key]) next.delete(PARAM[key]);
    else next.set(PARAM[key], value);
  }
  return next;
}

/** Whether any filter (search included) narrows the listing; the sort does not. */
export function hasActiveFilters(filters: ListingFilters) {
  return FILTER_KEYS.some((key) => key !== 'sort' && filters[key].trim() !== '');
}
