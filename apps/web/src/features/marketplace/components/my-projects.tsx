import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarketplaceProject, ProjectStatus } from '@agentry/core/marketplace';
import { FolderOpen, Lock, LockOpen, MessageSquare, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { formatRelativeTime } from '@/lib/relative-time';
import { deleteProject, marketplaceKeys, myProjectsQuery, updateProject } from '../api/marketplace-api';
import { projectPagePath } from '../lib/project-labels';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { EditProjectDialog } from './edit-project-dialog';

/** The author's own projects: edit, close or reopen, delete. */
export function MyProjects({ onPostProject }: { onPostProject: () => void }) {
  const queryClient = useQueryClient();
  const projects = useQuery(myProjectsQuery());
  const [editing, setEditing] = useState<MarketplaceProject | null>(null);
  const [deleting, setDeleting] = useState<MarketplaceProject | null>(null);

  const setStatus = useMutation({
    mutationFn: ({ project, status }: { project: MarketplaceProject; status: ProjectStatus }) =>
      updateProject(project.id, { status }),
    onSuccess: (updated) => {
      queryClient.setQueryData(marketplaceKeys.detail(updated.id), updated);
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.all });
      toast.success(
        updated.status === 'closed'
          ? 'Project closed: it no longer shows in the listing'
          : 'Project reopened: it is live again',
      );
    },
  });

  const remove = useMutation({
    mutationFn: (project: MarketplaceProject) => deleteProject(project.id),
    onSuccess: (_reply, project) => {
      queryClient.removeQueries({ queryKey: marketplaceKeys.detail(project.id) });
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.all });
      toast.success('Project deleted');
    },
  });

  if (projects.isPending) {
    return (
      <ul className="grid gap-3" aria-busy="true" aria-label="Loading your projects">
        {Array.from({ length: 3 }, (_, index) => (
          <li key={index} className="flex gap-4 rounded-[var(--radius-card)] border border-border bg-card p-3">
            <Skeleton className="aspect-video w-28 shrink-0 sm:w-40" />
            <div className="grid flex-1 content-start gap-2">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-8 w-48" />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  if (projects.isError) {
    return (
      <ErrorState
        title="Your projects could not load"
        message={projects.error instanceof ApiError ? projects.error.message : 'Unable to connect to the service.'}
        onRetry={() => void projects.refetch()}
        isRetrying={projects.isFetching}
      />
    );
  }
  if (projects.data.projects.length === 0) {
    return (
      <EmptyState
        icon={FolderOpen}
        title="You haven't posted a project yet"
        description="Post what you offer or what you need; agencies and businesses answer with a message."
        action={
          <Button onClick={onPostProject}>
            <Plus aria-hidden />
            Post a project
          </Button>
        }
      />
    );
  }

  return (
    <>
      <ul className="grid gap-3">
        {projects.data.projects.map((project) => {
          const isClosed = project.status === 'closed';
          const isChanging = setStatus.isPending && setStatus.variables.project.id === project.id;
          return (
            <li
              key={project.id}
              className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-border bg-card p-3 sm:flex-row"
            >
              <img
                src={project.image}
                alt=""
                className="aspect-video w-full shrink-0 rounded-[var(--radius-control)] bg-muted object-cover sm:w-40"
              />
              <div className="grid min-w-0 flex-1 content-start gap-2">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="min-w-0 truncate font-semibold">
                    <Link to={projectPagePath(project.id)} className="hover:underline">
                      {project.title}
                    </Link>
                  </h3>
                  <Badge variant={isClosed ? 'inactive' : 'active'}>{isClosed ? 'Closed' : 'Live'}</Badge>
                </div>
                <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
                  <span className="font-medium text-foreground">{project.price}</span>
                  <span>{project.timeframe}</span>
                  <span>{project.category}</span>
                  <span className="inline-flex items-center gap-1">
                    <MessageSquare className="size-3.5" aria-hidden />
                    {project.replyCount ?? 0} {project.replyCount === 1 ? 'reply' : 'replies'}
                  </span>
                  <time dateTime={project.createdAt}>Posted {formatRelativeTime(project.createdAt)}</time>
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setEditing(project)}
                    aria-label={`Edit ${project.title}`}
                  >
                    <Pencil aria-hidden />
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setStatus.mutate({ project, status: isClosed ? 'live' : 'closed' })}
                    disabled={isChanging}
                    aria-label={`${isClosed ? 'Reopen' : 'Close'} ${project.title}`}
                  >
                    {isClosed ? <LockOpen aria-hidden /> : <Lock aria-hidden />}
                    {isClosed ? 'Reopen' : 'Close'}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-destructive hover:bg-destructive/10"
                    onClick={() => setDeleting(project)}
                    aria-label={`Delete ${project.title}`}
                  >
                    <Trash2 aria-hidden />
                    Delete
                  </Button>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <EditProjectDialog project={editing} onOpenChange={(isOpen) => (isOpen ? undefined : setEditing(null))} />
      <ConfirmDeleteDialog
        open={deleting !== null}
        title="Delete this project?"
        description={
          <>
            <strong className="font-medium text-foreground">{deleting?.title}</strong> and its replies are removed for
            good. To hide it for a while, close it instead.
          </>
        }
        confirmLabel="Delete project"
        onOpenChange={(isOpen) => (isOpen ? undefined : setDeleting(null))}
        onConfirm={() => (deleting ? remove.mutateAsync(deleting) : Promise.resolve())}
      />
    </>
  );
}
