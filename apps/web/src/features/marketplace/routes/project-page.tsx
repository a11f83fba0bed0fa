import { useQuery } from '@tanstack/react-query';
import type { MarketplaceProject } from '@agentry/core/marketplace';
import { ArrowLeft, CalendarClock, FileQuestion, Tag, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { formatRelativeTime } from '@/lib/relative-time';
import { projectQuery } from '../api/marketplace-api';
import { ContactPanel } from '../components/contact-panel';
import { marketplaceTypeLabel } from '../lib/project-labels';

/** /marketplace/projects/:id: the project, and a way to answer it (or its replies, for the author). */
export function ProjectPage() {
  const { id = '' } = useParams();
  const project = useQuery(projectQuery(id));

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 sm:px-6 lg:py-10">
      <Button variant="ghost" size="sm" asChild className="w-fit -ml-2">
        <Link to="/marketplace">
          <ArrowLeft aria-hidden />
          All projects
        </Link>
      </Button>
      {project.isPending ? (
        <ProjectSkeleton />
      ) : project.isError ? (
        project.error instanceof ApiError && project.error.status === 404 ? (
          <EmptyState
            icon={FileQuestion}
            title="Project not found"
            description="It may have been deleted by its author, or the link is incomplete."
            action={
              <Button asChild variant="outline">
                <Link to="/marketplace">Browse projects</Link>
              </Button>
            }
          />
        ) : (
          <ErrorState
            title="This project could not load"
            message={project.error instanceof ApiError ? project.error.message : 'Unable to connect to the service.'}
            onRetry={() => void project.refetch()}
            isRetrying={project.isFetching}
          />
        )
      ) : (
        <ProjectDetails project={project.data} />
      )}
    </div>
  );
}

function ProjectDetails({ project }: { project: MarketplaceProject }) {
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <article className="grid content-start gap-6">
        <div className="relative">
          <img
            src={project.image}
            alt=""
            className="aspect-[21/9] w-full rounded-[var(--radius-card)] bg-muted object-cover"
          />
          <span className="absolute -bottom-6 left-5 flex size-14 items-center justify-center overflow-hidden rounded-full border-4 border-background bg-muted">
            <img src={project.icon} alt="" className="size-full object-cover" />
          </span>
        </div>
        <div className="grid gap-3 pt-4">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={project.marketplaceType === 'agency' ? 'admin' : 'viewer'}>
              {marketplaceTypeLabel(project.marketplaceType)}
            </Badge>
            {project.status === 'closed' ? (
              <Badge variant="inactive">Closed</Badge>
            ) : (
              <Badge variant="active">Live</Badge>
            )}
          </div>
          <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">{project.title}</h2>
          <p className="text-sm text-muted-foreground">
            Posted by <span className="font-medium text-foreground">{project.authorName}</span>
            {project.companyName ? <> of {project.companyName}</> : null} ·{' '}
            <time dateTime={project.createdAt} title={new Date(project.createdAt).toLocaleString()}>
              {formatRelativeTime(project.createdAt)}
            </time>
          </p>
        </div>
        <dl className="grid gap-3 rounded-[var(--radius-card)] border border-border bg-card p-4 sm:grid-cols-3">
          <Fact icon={<Wallet aria-hidden />} label="Budget" value={project.price} />
          <Fact icon={<CalendarClock aria-hidden />} label="Timeframe" value={project.timeframe} />
          <Fact icon={<Tag aria-hidden />} label="Category" value={project.category} />
        </dl>
        <section aria-labelledby="project-description" className="grid gap-2">
          <h3 id="project-description" className="text-base font-semibold">
            About the project
          </h3>
          <p className="whitespace-pre-wrap break-words leading-relaxed text-foreground/90">{project.description}</p>
        </section>
      </article>
      <aside className="lg:sticky lg:top-24 lg:self-start">
        <ContactPanel project={project} />
      </aside>
    </div>
  );
}

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="flex items-center gap-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground [&_svg]:size-4">
        {icon}
      </span>
      <div className="min-w-0">
        <dt className="text-xs text-muted-foreground">{label}</dt>
        <dd className="truncate font-semibold">{value}</dd>
      </div>
    </div>
  );
}

function ProjectSkeleton() {
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]" aria-busy="true" aria-label="Loading the project">
      <div className="grid content-start gap-5">
        <Skeleton className="aspect-[21/9] w-full rounded-[var(--radius-card)]" />
        <Skeleton className="mt-4 h-5 w-24 rounded-full" />
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-20 w-full rounded-[var(--radius-card)]" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
      </div>
      <Skeleton className="h-64 rounded-[var(--radius-card)]" />
    </div>
  );
}
