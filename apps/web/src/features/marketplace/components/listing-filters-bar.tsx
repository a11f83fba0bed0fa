import {
  keepBudgetCharacters,
  marketplaceCategories,
  marketplaceTimeframes,
  projectSorts,
  type MarketplaceType,
  type ProjectSort,
} from '@agentry/core/marketplace';
import { Search, SlidersHorizontal, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { hasActiveFilters, type ListingFilters } from '../lib/listing-filters';
import { sortLabels } from '../lib/project-labels';

const ANY = 'any';

type FiltersBarProps = {
  /** The filters as the URL has them (search and budget as typed, before the debounce). */
  filters: ListingFilters;
  onChange: (patch: Partial<ListingFilters>) => void;
  onReset: () => void;
};

/** Search, sort and the filters: inline from md up, in a sheet on phones. */
export function ListingFiltersBar({ filters, onChange, onReset }: FiltersBarProps) {
  const searchId = useId();
  const sortId = useId();
  const [isSheetOpen, setIsSheetOpen] = useState(false);
  const activeCount = [
    filters.type,
    filters.category,
    filters.timeframe,
    filters.minBudget || filters.maxBudget,
  ].filter(Boolean).length;

  return (
    <div className="grid gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="relative flex-1">
          <Label htmlFor={searchId} className="sr-only">
            Search projects
          </Label>
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id={searchId}
            type="search"
            value={filters.search}
            onChange={(event) => onChange({ search: event.target.value })}
            placeholder="Search projects"
            className="pl-9"
          />
        </div>
        <div className="flex gap-2">
          <div className="min-w-0 flex-1 sm:w-52 sm:flex-none">
            <Label htmlFor={sortId} className="sr-only">
              Sort by
            </Label>
            <Select value={filters.sort} onValueChange={(sort) => onChange({ sort: sort as ProjectSort })}>
              <SelectTrigger id={sortId} aria-label="Sort by">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {projectSorts.map((sort) => (
                  <SelectItem key={sort} value={sort}>
                    {sortLabels[sort]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button variant="outline" className="md:hidden" onClick={() => setIsSheetOpen(true)} aria-haspopup="dialog">
            <SlidersHorizontal aria-hidden />
            Filters{activeCount > 0 ? ` (${activeCount})` : ''}
          </Button>
        </div>
      </div>

      <div className="max-md:hidden">
        <FilterControls filters={filters} onChange={onChange} onReset={onReset} layout="row" />
      </div>

      <Sheet open={isSheetOpen} onOpenChange={setIsSheetOpen}>
        <SheetContent side="bottom" className="max-h-[85dvh] gap-4 overflow-y-auto rounded-t-[var(--radius-card)] p-5">
          <SheetTitle>Filters</SheetTitle>
          <SheetDescription className="sr-only">
            Narrow the projects by type, category, budget and timeframe.
          </SheetDescription>
          <FilterControls filters={filters} onChange={onChange} onReset={onReset} layout="stack" />
          <Button onClick={() => setIsSheetOpen(false)}>Show projects</Button>
        </SheetContent>
      </Sheet>
    </div>
  );
}

type FilterControlsProps = FiltersBarProps & { layout: 'row' | 'stack' };

function FilterControls({ filters, onChange, onReset, layout }: FilterControlsProps) {
  const ids = { category: useId(), timeframe: useId(), min: useId(), max: useId(), type: useId() };
  const isRow = layout === 'row';
  return (
    <div className={isRow ? 'flex flex-wrap items-end gap-3' : 'grid gap-4'}>
      <div className="grid gap-1.5">
        <span id={ids.type} className="text-xs font-medium text-muted-foreground">
          Posted by
        </span>
        <ToggleGroup
          type="single"
          aria-labelledby={ids.type}
          value={filters.type || ANY}
          onValueChange={(value) => {
            if (value) onChange({ type: value === ANY ? '' : (value as MarketplaceType) });
          }}
          className="w-fit"
        >
          <ToggleGroupItem value={ANY} className="h-8 px-3">
            All
          </ToggleGroupItem>
          <ToggleGroupItem value="agency" className="h-8 px-3">
            Agencies
          </ToggleGroupItem>
          <ToggleGroupItem value="business" className="h-8 px-3">
            Businesses
          </ToggleGroupItem>
        </ToggleGroup>
      </div>

      <div className={isRow ? 'grid w-44 gap-1.5' : 'grid gap-1.5'}>
        <Label htmlFor={ids.category} className="text-xs font-medium text-muted-foreground">
          Category
        </Label>
        <Select
          value={filters.category || ANY}
          onValueChange={(value) => onChange({ category: value === ANY ? '' : value })}
        >
          <SelectTrigger id={ids.category} className="h-9">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY}>All categories</SelectItem>
            {marketplaceCategories.map((category) => (
              <SelectItem key={category} value={category}>
                {category}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      <div className={isRow ? 'grid w-40 gap-1.5' : 'grid gap-1.5'}>
        <Label htmlFor={ids.timeframe} className="text-xs font-medium text-muted-foreground">
          Timeframe
        </Label>
        <Select
          value={filters.timeframe || ANY}
          onValueChange={(value) => onChange({ timeframe: value === ANY ? '' : value })}
        >
          <SelectTrigger id={ids.timeframe} className="h-9">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY}>Any timeframe</SelectItem>
            {marketplaceTimeframes.map((timeframe) => (
              <SelectItem key={timeframe} value={timeframe}>
                {timeframe}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-xs font-medium text-muted-foreground">Budget (USD)</legend>
        <div className="flex items-center gap-2">
          <Label htmlFor={ids.min} className="sr-only">
            Minimum budget
          </Label>
          <Input
            id={ids.min}
            inputMode="decimal"
            placeholder="Min"
            value={filters.minBudget}
            onChange={(event) => onChange({ minBudget: keepBudgetCharacters(event.target.value) })}
            className={isRow ? 'h-9 w-24' : 'h-9'}
          />
          <span className="text-muted-foreground" aria-hidden>
            –
          </span>
          <Label htmlFor={ids.max} className="sr-only">
            Maximum budget
          </Label>
          <Input
            id={ids.max}
            inputMode="decimal"
            placeholder="Max"
            value={filters.maxBudget}
            onChange={(event) => onChange({ maxBudget: keepBudgetCharacters(event.target.value) })}
            className={isRow ? 'h-9 w-24' : 'h-9'}
          />
        </div>
      </fieldset>

      {hasActiveFilters(filters) ? (
        <Button variant="ghost" size="sm" onClick={onReset} className={isRow ? 'h-9' : 'justify-self-start'}>
          <X aria-hidden />
          Reset filters
        </Button>
      ) : null}
    </div>
  );
}
