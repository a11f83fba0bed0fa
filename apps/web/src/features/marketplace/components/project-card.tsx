import type { MarketplaceProject } from '@agentry/core/marketplace';
import { CalendarClock, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatRelativeTime } from '@/lib/relative-time';
import { marketplaceTypeLabel, projectPagePath } from '../lib/project-labels';

export type ProjectCardData = Pick<
  MarketplaceProject,
  'title' | 'description' | 'price' | 'image' | 'icon' | 'authorName' | 'companyName' | 'marketplaceType'
> &
  Partial<Pick<MarketplaceProject, 'id' | 'createdAt' | 'status'>> & { category: string; timeframe: string };

type ProjectCardProps = { project: ProjectCardData; className?: string; now?: number };

/** A listing card: picture, avatar, title, category, budget with its schedule, timeframe, author, posted time. */
export function ProjectCard({ project, className, now }: ProjectCardProps) {
  const title = project.id ? (
    <Link
      to={projectPagePath(project.id)}
      className="after:absolute after:inset-0 after:rounded-[var(--radius-card)] after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
    >
      {project.title}
    </Link>
  ) : (
    project.title
  );
  return (
    <article
      className={cn(
        'group relative flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-border bg-card text-card-foreground shadow-sm transition-shadow duration-200 hover:shadow-md',
        className,
      )}
    >
      <div className="relative aspect-[16/9] bg-muted">
        {project.image ? (
          <img src={project.image} alt="" loading="lazy" className="absolute inset-0 size-full object-cover" />
        ) : null}
        {project.status === 'closed' ? (
          <Badge variant="inactive" className="absolute right-3 top-3 bg-card/90">
            Closed
          </Badge>
        ) : null}
        <span className="absolute -bottom-5 left-4 flex size-11 items-center justify-center overflow-hidden rounded-full border-2 border-card bg-muted shadow-sm">
          {project.icon ? <img src={project.icon} alt="" className="size-full object-cover" /> : null}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4 pt-7">
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant={project.marketplaceType === 'agency' ? 'admin' : 'viewer'}>
            {marketplaceTypeLabel(project.marketplaceType)}
          </Badge>
          <Badge variant="outline">{project.category}</Badge>
        </div>
        <h3 className="line-clamp-2 text-base font-semibold leading-snug">{title}</h3>
        <p className="line-clamp-2 text-sm text-muted-foreground">{project.description}</p>
        <dl className="mt-auto grid gap-1.5 text-sm">
          <div className="flex items-center gap-2">
            <dt>
              <Wallet className="size-4 text-muted-foreground" aria-hidden />
              <span className="sr-only">Budget</span>
            </dt>
            <dd className="font-semibold">{project.price}</dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <CalendarClock className="size-4 text-muted-foreground" aria-hidden />
              <span className="sr-only">Timeframe</span>
            </dt>
            <dd>{project.timeframe}</dd>
          </div>
        </dl>
        <footer className="flex items-center justify-between gap-3 border-t border-border pt-3 text-xs text-muted-foreground">
          <span className="min-w-0 truncate">
            <span className="font-medium text-foreground">{project.authorName}</span>
            {project.companyName ? ` · ${project.companyName}` : null}
          </span>
          {project.createdAt ? (
            <time
              dateTime={project.createdAt}
              title={new Date(project.createdAt).toLocaleString()}
              className="shrink-0"
            >
              {formatRelativeTime(project.createdAt, now)}
            </time>
          ) : null}
        </footer>
      </div>
    </article>
  );
}

/** The card's shape while the listing loads. */
export function ProjectCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-border bg-card">
      <Skeleton className="aspect-[16/9] rounded-none" />
      <div className="grid gap-3 p-4 pt-7">
        <div className="flex gap-1.5">
          <Skeleton className="h-5 w-16 rounded-full" />
          <Skeleton className="h-5 w-24 rounded-full" />
        </div>
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="mt-2 h-4 w-1/3" />
        <Skeleton className="h-4 w-1/4" />
        <div className="flex justify-between border-t border-border pt-3">
          <Skeleton className="h-3 w-28" />
          <Skeleton className="h-3 w-12" />
        </div>
      </div>
    </div>
  );
}
