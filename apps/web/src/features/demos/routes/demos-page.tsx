import type { Demo } from '@agentry/core/demos';
import { getDemoSharePath } from '@agentry/core/demos';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Building2,
  Copy,
  ExternalLink,
  MoreHorizontal,
  Pencil,
  Plus,
  Presentation,
  Search,
  Trash2,
  TriangleAlert,
  X,
} from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Input, Label } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { canRole } from '@/lib/permissions';
import { selectSubaccount, useSession } from '@/lib/session';
import { deleteDemo, demoEditorPath, demoKeys, demosListQuery } from '../api/demos-api';
import { CreateDemoDialog } from '../components/create-demo-dialog';
import { copyDemoLink } from '../lib/copy-demo-link';
import { sharedDemoUrl } from '../lib/demo-chat-rules';
import { demoTypeDetails } from '../lib/demo-type-labels';

const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** `/demo`: the demos of the active sub account. */
export function DemosPage() {
  const { data: session, isPending } = useSession();
  const subaccount = session ? selectSubaccount(session) : null;
  if (isPending) return <DemosSkeleton />;
  if (!subaccount) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
        <EmptyState
          icon={Building2}
          title="No sub account yet"
          description="Demos belong to a sub account (a client). Once you are a member of one, its demos are listed here."
          action={
            <Button asChild variant="outline">
              <Link to="/settings">Open settings</Link>
            </Button>
          }
        />
      </div>
    );
  }
  return (
    <DemosList
      key={subaccount.id}
      subaccountId={subaccount.id}
      subaccountName={subaccount.name}
      canEdit={canRole(subaccount.role, 'demo.update')}
    />
  );
}

function DemosList({
  subaccountId,
  subaccountName,
  canEdit,
}: {
  subaccountId: string;
  subaccountName: string;
  canEdit: boolean;
}) {
  const searchId = useId();
  const queryClient = useQueryClient();
  const demos = useQuery(demosListQuery(subaccountId));
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim().toLowerCase());
  const [isCreating, setIsCreating] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<Demo | null>(null);

  const remove = useMutation({
    mutationFn: (demo: Demo) => deleteDemo(demo.demoId),
    onSuccess: (_reply, demo) => {
      queryClient.setQueryData<{ demos: Demo[] }>(demoKeys.list(subaccountId), (current) =>
        current ? { demos: current.demos.filter((candidate) => candidate.demoId !== demo.demoId) } : current,
      );
      queryClient.removeQueries({ queryKey: demoKeys.detail(demo.demoId) });
      toast.success(`${demo.name} was deleted`);
    },
  });

  const all = demos.data?.demos ?? [];
  const list = query
    ? all.filter((demo) =>
        [demo.name, demo.build?.aiName ?? '', demoTypeDetails[demo.type].label].some((text) =>
          text.toLowerCase().includes(query),
        ),
      )
    : all;

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:px-6 lg:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 className="text-xl font-semibold tracking-tight">Demos</h2>
          <p className="truncate text-sm text-muted-foreground">Shareable previews of the agents of {subaccountName}</p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          {all.length > 0 ? (
            <div className="relative sm:w-72">
              <Label htmlFor={searchId} className="sr-only">
                Search demos
              </Label>
              <Search
                className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden
              />
              <Input
                id={searchId}
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder="Search demos"
                className="pl-9"
              />
            </div>
          ) : null}
          {canEdit && all.length > 0 ? (
            <Button onClick={() => setIsCreating(true)}>
              <Plus aria-hidden />
              New demo
            </Button>
          ) : null}
        </div>
      </div>

      {demos.isPending ? (
        <DemoRowsSkeleton />
      ) : demos.isError ? (
        <ErrorState
          title="Failed to load demos"
          message={demos.error.message}
          onRetry={() => void demos.refetch()}
          isRetrying={demos.isFetching}
        />
      ) : all.length === 0 ? (
        <EmptyState
          icon={Presentation}
          title="Create your first demo"
          description={
            canEdit
              ? 'Show an agent to a client before it goes live: a website widget on their own site, an SMS phone, Facebook or Instagram chat, or a standard chat window — each on its own shareable link.'
              : `${subaccountName} has no demos yet. Members and admins can create them.`
          }
          action={
            canEdit ? (
              <Button onClick={() => setIsCreating(true)}>
                <Plus aria-hidden />
                Create demo
              </Button>
            ) : undefined
          }
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon={Search}
          title="No matching demos"
          description={`No demo name, agent or type matches “${search.trim()}”.`}
          action={
            <Button variant="outline" onClick={() => setSearch('')}>
              <X aria-hidden />
              Clear search
            </Button>
          }
        />
      ) : (
        <ul aria-label="Demos" className="grid grid-cols-[minmax(0,1fr)] gap-3">
          {list.map((demo) => (
            <li key={demo.demoId}>
              <DemoRow demo={demo} canEdit={canEdit} onDelete={setPendingDelete} />
            </li>
          ))}
        </ul>
      )}

      <CreateDemoDialog subaccountId={subaccountId} open={isCreating} onOpenChange={setIsCreating} />
      <ConfirmDeleteDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title="Delete demo"
        description={
          <>
            <span className="font-medium text-foreground">{pendingDelete?.name}</span> is deleted for good. Its shared
            link stops working for everyone you sent it to.
          </>
        }
        confirmLabel="Delete demo"
        onConfirm={() => (pendingDelete ? remove.mutateAsync(pendingDelete) : Promise.resolve())}
      />
    </div>
  );
}

function DemoRow({ demo, canEdit, onDelete }: { demo: Demo; canEdit: boolean; onDelete: (demo: Demo) => void }) {
  const details = demoTypeDetails[demo.type];
  const Icon = details.icon;
  const isExhausted = demo.requestCount >= demo.requestLimit;
  const nameId = `demo-${demo.demoId}-name`;
  const requests = (
    <>
      <span className={isExhausted ? 'font-medium text-destructive' : 'font-medium text-foreground'}>
        {demo.requestCount} / {demo.requestLimit}
      </span>{' '}
      requests used
    </>
  );
  const created = <time dateTime={demo.createdAt}>{dateFormat.format(new Date(demo.createdAt))}</time>;
  return (
    <article
      aria-labelledby={nameId}
      className="relative flex items-center gap-4 rounded-[var(--radius-card)] border border-border bg-card p-4 transition-[border-color,box-shadow] duration-150 focus-within:border-primary/50 hover:border-primary/50 hover:shadow-md"
    >
      <span
        aria-hidden
        className="flex size-10 shrink-0 items-center justify-center rounded-[var(--radius-control)] bg-secondary text-secondary-foreground"
      >
        <Icon className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h3 id={nameId} className="truncate text-sm font-semibold">
          <Link
            to={demoEditorPath(demo.demoId)}
            className="outline-none after:absolute after:inset-0 after:rounded-[var(--radius-card)] focus-visible:after:outline-2 focus-visible:after:outline-ring"
          >
            {demo.name}
          </Link>
        </h3>
        <p className="mt-1 flex min-w-0 flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <Badge variant="outline">{details.label}</Badge>
          {demo.build ? (
            <span className="truncate">
              <span className="sr-only">Agent: </span>
              {demo.build.aiName}
            </span>
          ) : (
            <Badge variant="warning">
              <TriangleAlert aria-hidden />
              Agent deleted
            </Badge>
          )}
        </p>
        <p className="mt-1 text-xs text-muted-foreground sm:hidden">
          {requests} · {created}
        </p>
      </div>
      <p className="hidden w-40 shrink-0 text-xs text-muted-foreground sm:block">{requests}</p>
      <p className="hidden w-28 shrink-0 text-xs text-muted-foreground sm:block">
        <span className="sr-only">Created </span>
        {created}
      </p>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon-sm"
            className="relative z-10 shrink-0"
            aria-label={`Actions for ${demo.name}`}
          >
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem asChild>
            <Link to={demoEditorPath(demo.demoId)}>
              <Pencil aria-hidden />
              Open editor
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <a href={getDemoSharePath(demo.demoId)} target="_blank" rel="noreferrer">
              <ExternalLink aria-hidden />
              Open shared page
            </a>
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void copyDemoLink(sharedDemoUrl(window.location.origin, demo.demoId))}>
            <Copy aria-hidden />
            Copy link
          </DropdownMenuItem>
          {canEdit ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem variant="destructive" onSelect={() => onDelete(demo)}>
                <Trash2 aria-hidden />
                Delete
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
    </article>
  );
}

function DemoRowsSkeleton() {
  return (
    <div role="status" aria-label="Loading demos" className="grid gap-3">
      {Array.from({ length: 4 }, (_, index) => (
        <div
          key={index}
          className="flex items-center gap-4 rounded-[var(--radius-card)] border border-border bg-card p-4"
        >
          <Skeleton className="size-10" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-48" />
            <Skeleton className="h-3 w-32" />
          </div>
          <Skeleton className="hidden h-3 w-28 sm:block" />
        </div>
      ))}
    </div>
  );
}

function DemosSkeleton() {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:py-10">
      <Skeleton className="h-7 w-32" />
      <DemoRowsSkeleton />
    </div>
  );
}
