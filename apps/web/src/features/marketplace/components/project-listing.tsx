import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Plus, SearchX, Store } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { projectsListQuery } from '../api/marketplace-api';
import { hasActiveFilters, type ListingFilters } from '../lib/listing-filters';
import { ProjectCard, ProjectCardSkeleton } from './project-card';

type ProjectListingProps = {
  /** The debounced filters the server is asked with. */
  filters: ListingFilters;
  onResetFilters: () => void;
  onPostProject: () => void;
};

const gridClass = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3';

/** Live projects, page by page ('Load more' follows the server's cursor). */
export function ProjectListing({ filters, onResetFilters, onPostProject }: ProjectListingProps) {
  const listing = useInfiniteQuery({ ...projectsListQuery(filters), placeholderData: keepPreviousData });

  if (listing.isPending) {
    return (
      <div className={gridClass} aria-busy="true" aria-label="Loading projects">
        {Array.from({ length: 6 }, (_, index) => (
          <ProjectCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (listing.isError && !listing.data) {
    return (
      <ErrorState
        title="Projects could not load"
        message={listing.error instanceof ApiError ? listing.error.message : 'Unable to connect to the service.'}
        onRetry={() => void listing.refetch()}
        isRetrying={listing.isFetching}
      />
    );
  }

  const pages = listing.data.pages;
  const projects = pages.flatMap((page) => page.projects);
  const firstPage = pages[0];
  const isFiltered = hasActiveFilters(filters);

  if (projects.length === 0) {
    return isFiltered ? (
      <EmptyState
        icon={SearchX}
        title="No results for these filters"
        description="No live project matches your search and filters. Try fewer words or a wider budget."
        action={
          <Button variant="outline" onClick={onResetFilters}>
            Reset filters
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={Store}
        title="No projects yet"
        description="Agencies and businesses post AI projects here, with a budget and timeframe. Be the first to post one."
        action={
          <Button onClick={onPostProject}>
            <Plus aria-hidden />
            Post a project
          </Button>
        }
      />
    );
  }

  const total = firstPage
    ? `${firstPage.total.toLocaleString('en-US')}${firstPage.isTotalCapped ? '+' : ''}`
    : String(projects.length);
  return (
    <div className="grid gap-5">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {listing.isPlaceholderData ? <Spinner className="mr-1.5 inline size-3.5" /> : null}
        {total} {firstPage?.total === 1 && !firstPage.isTotalCapped ? 'project' : 'projects'}
      </p>
      <ul className={gridClass} aria-label="Projects">
        {projects.map((project) => (
          <li key={project.id} className="flex">
            <ProjectCard project={project} className="flex-1" />
          </li>
        ))}
      </ul>
      {listing.isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-destructive">
          {listing.error instanceof ApiError ? listing.error.message : 'Unable to connect to the service.'}
        </p>
      ) : null}
      {listing.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void listing.fetchNextPage()} disabled={listing.isFetchingNextPage}>
            {listing.isFetchingNextPage ? <Spinner /> : null}
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}
