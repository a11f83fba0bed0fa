import { describe, expect, it } from 'vitest';
import { defaultListingFilters, hasActiveFilters, readListingFilters, writeListingFilters } from './listing-filters';

describe('listing filters in the URL', () => {
  it('reads known values and drops unknown ones', () => {
    const filters = readListingFilters(
      new URLSearchParams(
        'type=agency&category=Chatbots&minBudget=100&maxBudget=abc&timeframe=1-2%20weeks&q=voice%20bot&sort=budget-desc&view=mine',
      ),
    );
    expect(filters).toEqual({
      type: 'agency',
      category: 'Chatbots',
      minBudget: '100',
      maxBudget: '',
      timeframe: '1-2 weeks',
      search: 'voice bot',
      sort: 'budget-desc',
    });
    expect(readListingFilters(new URLSearchParams('type=robot&category=All&timeframe=soon&sort=random'))).toEqual(
      defaultListingFilters,
    );
  });

  it('writes only what narrows, keeps other params, and round-trips', () => {
    const params = writeListingFilters(new URLSearchParams('view=mine&q=old'), {
      ...defaultListingFilters,
      category: 'Voice AI',
      minBudget: '250',
      sort: 'budget-asc',
    });
    expect(params.toString()).toBe('view=mine&category=Voice+AI&minBudget=250&sort=budget-asc');
    expect(readListingFilters(params)).toMatchObject({
      category: 'Voice AI',
      minBudget: '250',
      sort: 'budget-asc',
      search: '',
    });
  });

  it('knows when a filter is active (the sort is not one)', () => {
    expect(hasActiveFilters({ ...defaultListingFilters, sort: 'budget-desc' })).toBe(false);
    expect(hasActiveFilters({ ...defaultListingFilters, search: 'crm' })).toBe(true);
    expect(hasActiveFilters({ ...defaultListingFilters, maxBudget: '900' })).toBe(true);
  });
});
