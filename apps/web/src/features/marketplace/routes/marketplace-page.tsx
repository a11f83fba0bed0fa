import { Plus } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { CreateProjectDialog } from '../components/create-project-dialog';
import { ListingFiltersBar } from '../components/listing-filters-bar';
import { MyProjects } from '../components/my-projects';
import { PlanRequiredNotice, requestMarketplacePlan } from '../components/plan-required-notice';
import { ProjectListing } from '../components/project-listing';
import { RankBadge } from '../components/rank-badge';
import { useMarketplaceAccess } from '../hooks/use-marketplace-access';
import {
  defaultListingFilters,
  readListingFilters,
  writeListingFilters,
  type ListingFilters,
} from '../lib/listing-filters';
import { readPendingProject, type PendingProject } from '../lib/pending-project';

/** Typing in search or budget waits this long before the URL (and the listing) follow. */
const TYPING_DEBOUNCE_MS = 300;

type TypedFilters = Pick<ListingFilters, 'search' | 'minBudget' | 'maxBudget'>;

function typedPart(filters: ListingFilters): TypedFilters {
  return { search: filters.search, minBudget: filters.minBudget, maxBudget: filters.maxBudget };
}

function isSameTyped(left: TypedFilters, right: TypedFilters) {
  return left.search === right.search && left.minBudget === right.minBudget && left.maxBudget === right.maxBudget;
}

/** /marketplace: browse live projects, the author's own projects, and the create wizard. */
export function MarketplacePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { user, isSignedIn, isSessionPending, hasAccess, isCheckingAccess } = useMarketplaceAccess();
  const urlFilters = readListingFilters(searchParams);
  const view = isSignedIn && searchParams.get('view') === 'mine' ? 'mine' : 'browse';

  // Search and budget are typed: they live here first and reach the URL once typing pauses.
  const [typed, setTyped] = useState<TypedFilters>(() => typedPart(urlFilters));
  const debouncedTyped = useDebouncedValue(typed, TYPING_DEBOUNCE_MS);
  const urlTyped = typedPart(urlFilters);
  const [seenUrlTyped, setSeenUrlTyped] = useState(urlTyped);
  if (!isSameTyped(urlTyped, seenUrlTyped)) {
    // The URL changed by other means (reset, back/forward): the fields follow it.
    setSeenUrlTyped(urlTyped);
    if (!isSameTyped(urlTyped, debouncedTyped)) setTyped(urlTyped);
  }

  const updateUrl = useCallback(
    (patch: Partial<ListingFilters>) =>
      setSearchParams((current) => writeListingFilters(current, { ...readListingFilters(current), ...patch }), {
        replace: true,
        preventScrollReset: true,
      }),
    [setSearchParams],
  );

  // Only a settled change of the typed fields writes the URL; a URL change never echoes back.
  const latest = useRef({ urlTyped, updateUrl });
  useEffect(() => {
    latest.current = { urlTyped, updateUrl };
  });
  useEffect(() => {
    if (!isSameTyped(latest.current.urlTyped, debouncedTyped)) latest.current.updateUrl(debouncedTyped);
  }, [debouncedTyped]);

  function changeFilters(patch: Partial<ListingFilters>) {
    const { search, minBudget, maxBudget, ...immediate } = patch;
    const typedPatch = Object.fromEntries(
      Object.entries({ search, minBudget, maxBudget }).filter(([, value]) => value !== undefined),
    );
    if (Object.keys(typedPatch).length > 0) setTyped((current) => ({ ...current, ...typedPatch }));
    if (Object.keys(immediate).length > 0) updateUrl(immediate);
  }

  function resetFilters() {
    setTyped(typedPart(defaultListingFilters));
    updateUrl({ ...defaultListingFilters, sort: urlFilters.sort });
  }

  // The wizard, and the pending project a returning author left behind (docs/product/marketplace.md#the-create-project-wizard).
  const [isWizardOpen, setIsWizardOpen] = useState(false);
  const [resume, setResume] = useState<PendingProject | null>(null);
  const [isPlanPromptShown, setIsPlanPromptShown] = useState(false);
  const isFromMarketplace = searchParams.get('fromMarketplace') === 'true';

  useEffect(() => {
    if (!isFromMarketplace || isSessionPending) return;
    const pending = isSignedIn ? readPendingProject() : null;
    if (pending) {
      setResume(pending);
      setIsWizardOpen(true);
    }
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('fromMarketplace');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [isFromMarketplace, isSessionPending, isSignedIn, setSearchParams]);

  function openWizard() {
    if (isSignedIn && !hasAccess && !isCheckingAccess) {
      setIsPlanPromptShown(true);
      requestMarketplacePlan('/marketplace');
      return;
    }
    setIsWizardOpen(true);
  }

  function changeView(next: string) {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'mine') params.set('view', 'mine');
        else params.delete('view');
        return params;
      },
      { preventScrollReset: true },
    );
  }

  const browseFilters: ListingFilters = { ...urlFilters, ...debouncedTyped };
  const barFilters: ListingFilters = { ...urlFilters, ...typed };

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 sm:px-6 lg:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h2 className="text-xl font-semibold tracking-tight sm:text-2xl">
            Find AI projects and the agencies to build them
          </h2>
          <p className="text-sm text-muted-foreground">
            Businesses post what they need, agencies offer what they do best. Answer a project with a message.
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-3">
          {isSignedIn ? <RankBadge /> : null}
          <Button onClick={openWizard} disabled={isSessionPending}>
            <Plus aria-hidden />
            Post a project
          </Button>
        </div>
      </div>

      {isPlanPromptShown && isSignedIn && !hasAccess ? (
        <PlanRequiredNotice
          returnUrl="/marketplace"
          detail="Browsing is free. Posting and replying need a plan with marketplace access."
        />
      ) : null}

      {isSignedIn ? (
        <Tabs value={view} onValueChange={changeView}>
          <TabsList aria-label="Marketplace views">
            <TabsTrigger value="browse">Browse projects</TabsTrigger>
            <TabsTrigger value="mine">My projects</TabsTrigger>
          </TabsList>
          <TabsContent value="browse" className="grid gap-6">
            <ListingFiltersBar filters={barFilters} onChange={changeFilters} onReset={resetFilters} />
            <ProjectListing filters={browseFilters} onResetFilters={resetFilters} onPostProject={openWizard} />
          </TabsContent>
          <TabsContent value="mine">
            <MyProjects onPostProject={openWizard} />
          </TabsContent>
        </Tabs>
      ) : (
        <section aria-label="Browse projects" className="grid gap-6">
          <ListingFiltersBar filters={barFilters} onChange={changeFilters} onReset={resetFilters} />
          <ProjectListing filters={browseFilters} onResetFilters={resetFilters} onPostProject={openWizard} />
        </section>
      )}

      <CreateProjectDialog
        open={isWizardOpen}
        onOpenChange={setIsWizardOpen}
        account={user ? { id: user.id, email: user.email, name: user.name } : null}
        resume={resume}
        hasMarketplaceAccess={!isSignedIn || isCheckingAccess || hasAccess}
      />
    </div>
  );
}
