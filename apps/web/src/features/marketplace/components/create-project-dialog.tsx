import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatPriceText,
  marketplaceMessages,
  marketplaceWizardSteps,
  parseBudget,
  SUCCESS_CLOSE_DELAY_MS,
  SUCCESS_FLAG_RESET_MS,
  type CreateProjectBody,
  type MarketplaceWizardStepId,
} from '@agentry/core/marketplace';
import { ArrowLeft, ArrowRight, CircleCheckBig } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { requestSignIn } from '@/lib/sign-in-events';
import { createProject, marketplaceKeys, saveUserProfile, userProfileQuery } from '../api/marketplace-api';
import { MarketplaceSignInError, startMarketplaceSignIn } from '../api/sign-in-api';
import { describeCreateProjectFailure, type CreateProjectFailure } from '../lib/create-project-error';
import {
  clearPendingProject,
  fromPendingProject,
  MARKETPLACE_RESUME_PATH,
  readApplicant,
  saveApplicant,
  savePendingProject,
  toPendingProject,
  type PendingProject,
} from '../lib/pending-project';
import {
  canContinueFrom,
  CONTACT_STEP_INDEX,
  emptyContactDraft,
  emptyProjectDraft,
  hasErrors,
  REVIEW_STEP_INDEX,
  validateStep,
  type ContactDraft,
  type ProjectDraft,
  type StepErrors,
} from '../lib/project-draft';
import { PlanRequiredNotice, requestMarketplacePlan } from './plan-required-notice';
import { CheckEmailPanel, ContactStep } from './wizard/contact-step';
import { ImagePicker } from './wizard/image-picker';
import { BudgetStep, CategoryStep, DescriptionStep, TimeframeStep, TitleStep, TypeStep } from './wizard/project-steps';
import { ReviewStep } from './wizard/review-step';
import { WizardProgress } from './wizard/wizard-progress';

const stepHeadings: Record<MarketplaceWizardStepId, string> = {
  marketplaceType: 'What kind of project is this?',
  title: 'Give your project a title',
  description: 'Describe the project',
  timeframe: 'What is the timeframe?',
  category: 'Pick a category',
  image: 'Choose a project image',
  avatar: 'Choose an avatar',
  budget: 'Set your budget',
  contact: 'How can people reach you?',
  review: 'Review your project',
};

const [CREATED_TITLE, CREATED_TEXT] = splitCreatedMessage(marketplaceMessages.projectCreated);

function splitCreatedMessage(message: string): [string, string] {
  const end = message.indexOf('!');
  return end < 0 ? [message, ''] : [message.slice(0, end + 1), message.slice(end + 1).trim()];
}

/** The signed-in account, when there is one (signed-out authors give an e-mail instead). */
export type WizardAccount = { id: string; email: string; name: string } | null;

type CreateProjectDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  account: WizardAccount;
  /** A pending project to restore: the wizard opens at review with its data (docs/product/marketplace.md#the-create-project-wizard). */
  resume?: PendingProject | null;
  /** Whether the signed-in account's plan includes the marketplace (false: a plan is chosen before creating). */
  hasMarketplaceAccess?: boolean;
};

/**
 * The ten-step create-project wizard (docs/product/marketplace.md#the-create-project-wizard). It cannot be dismissed by a
 * click outside or Escape, only by its close button; the drafts survive a close until created.
 */
export function CreateProjectDialog({
  open,
  onOpenChange,
  account,
  resume = null,
  hasMarketplaceAccess = true,
}: CreateProjectDialogProps) {
  const queryClient = useQueryClient();
  const descriptionId = useId();
  const [stepIndex, setStepIndex] = useState(0);
  const [project, setProject] = useState<ProjectDraft>(emptyProjectDraft);
  const [contact, setContact] = useState<ContactDraft>(emptyContactDraft);
  const [errors, setErrors] = useState<StepErrors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [signInError, setSignInError] = useState<string | null>(null);
  const [failure, setFailure] = useState<CreateProjectFailure | null>(null);
  const [isSuccess, setIsSuccess] = useState(false);

  const isSignedIn = account !== null;
  // A signed-in author without marketplace access picks a plan at review; the project waits in the browser.
  const needsPlan = isSignedIn && !hasMarketplaceAccess;
  const step = marketplaceWizardSteps[stepIndex] ?? marketplaceWizardSteps[0];
  const isReview = stepIndex === REVIEW_STEP_INDEX;
  const budget = parseBudget(project.priceValue);
  const price = budget === null ? '' : formatPriceText(budget, project.priceType);

  // A pending project restores once per object handed in, and jumps to review.
  const [restored, setRestored] = useState<PendingProject | null>(null);
  if (resume !== null && resume !== restored) {
    setRestored(resume);
    const drafts = fromPendingProject(resume);
    setProject(drafts.project);
    setContact(drafts.contact);
    setStepIndex(REVIEW_STEP_INDEX);
    setErrors({});
    setSentTo(null);
    setFailure(null);
    setIsSuccess(false);
  }

  const profile = useQuery({ ...userProfileQuery(account?.id ?? ''), enabled: open && account !== null });

  const createButtonRef = useRef<HTMLButtonElement>(null);
  const onOpenChangeRef = useRef(onOpenChange);
  useEffect(() => {
    onOpenChangeRef.current = onOpenChange;
  });

  // docs/product/marketplace.md#the-create-project-wizard: the success screen stays 2.5 s, then the listing refreshes and the dialog
  // closes; the flag (and the wizard) reset 0.3 s later, once the dialog is gone.
  useEffect(() => {
    if (!isSuccess) return;
    let resetTimer: ReturnType<typeof setTimeout> | undefined;
    const closeTimer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.all });
      onOpenChangeRef.current(false);
      resetTimer = setTimeout(() => {
        setIsSuccess(false);
        setProject(emptyProjectDraft);
        setContact(emptyContactDraft);
        setStepIndex(0);
        setErrors({});
        setFailure(null);
        setSentTo(null);
      }, SUCCESS_FLAG_RESET_MS);
    }, SUCCESS_CLOSE_DELAY_MS);
    return () => {
      clearTimeout(closeTimer);
      clearTimeout(resetTimer);
    };
  }, [isSuccess, queryClient]);

  const pendingProject = () => toPendingProject(project, contact, price);

  const signIn = useMutation({
    mutationFn: (email: string) =>
      startMarketplaceSignIn({
        email,
        callbackURL: MARKETPLACE_RESUME_PATH,
        beforeLink: () => savePendingProject(toPendingProject(project, { ...contact, email }, price)),
      }),
    meta: { silentError: true },
    onSuccess: (_reply, email) => setSentTo(email),
    onError: (error) => {
      if (error instanceof MarketplaceSignInError && error.step === 'pre-register') setErrors({ email: error.message });
      else setSignInError(error.message);
    },
  });

  const create = useMutation({
    mutationFn: () => {
      const body = {
        marketplaceType: project.marketplaceType,
        title: project.title.trim(),
        description: project.description.trim(),
        timeframe: project.timeframe,
        category: project.category,
        image: project.image,
        icon: project.icon,
        priceValue: budget ?? 0,
        priceType: project.priceType,
        authorName: contact.name.trim(),
        companyName: contact.businessName.trim(),
        price,
        email: account?.email,
      } as CreateProjectBody & { price: string; email?: string };
      return createProject(body);
    },
    meta: { silentError: true },
    onSuccess: () => {
      clearPendingProject();
      const applicant = { name: contact.name.trim(), businessName: contact.businessName.trim() };
      saveApplicant(applicant);
      // docs/product/marketplace.md#the-create-project-wizard, user profile save; the project is live either way.
      saveUserProfile(applicant).catch((error: unknown) => console.warn('Saving the profile failed', error));
      setFailure(null);
      setIsSuccess(true);
    },
    onError: (error) => {
      const described = describeCreateProjectFailure(error);
      setFailure(described);
      if (described.kind === 'plan') {
        // Kept so the wizard reopens at review after the upgrade returns here.
        savePendingProject(pendingProject());
        requestMarketplacePlan(MARKETPLACE_RESUME_PATH);
      } else if (described.kind === 'signin') {
        savePendingProject(pendingProject());
        requestSignIn({ reason: 'expired', callbackUrl: MARKETPLACE_RESUME_PATH, flow: 'import' });
      }
    },
  });

  const isBusy = signIn.isPending || create.isPending;

  function updateProject(patch: Partial<ProjectDraft>) {
    setProject((current) => ({ ...current, ...patch }));
    setErrors((current) => withoutKeys(current, Object.keys(patch)));
  }

  function updateContact(patch: Partial<ContactDraft>) {
    setContact((current) => ({ ...current, ...patch }));
    setErrors((current) => withoutKeys(current, Object.keys(patch)));
    setSignInError(null);
  }

  function goTo(index: number) {
    const next = Math.max(0, Math.min(REVIEW_STEP_INDEX, index));
    setErrors({});
    setFailure(null);
    setSentTo(null);
    setStepIndex(next);
    if (next === CONTACT_STEP_INDEX) {
      // An empty field starts from what is known: the last project's, the profile's, the account's.
      const applicant = readApplicant();
      setContact((current) => ({
        ...current,
        name: current.name || applicant?.name || profile.data?.name || account?.name || '',
        businessName: current.businessName || applicant?.businessName || profile.data?.businessName || '',
      }));
    }
  }

  function handleContinue() {
    if (!canContinueFrom(step.id, project)) return;
    const found = validateStep(step.id, { project, contact, isSignedIn });
    setErrors(found);
    if (hasErrors(found)) return;
    if (step.id === 'contact' && !isSignedIn) {
      setSignInError(null);
      signIn.mutate(contact.email.trim().toLowerCase());
      return;
    }
    goTo(stepIndex + 1);
  }

  function handleCreate() {
    if (needsPlan) {
      savePendingProject(pendingProject());
      requestMarketplacePlan(MARKETPLACE_RESUME_PATH);
      return;
    }
    if (!isSignedIn) {
      // docs/product/marketplace.md#the-create-project-wizard: a signed-out author is sent to sign-in with the project kept.
      savePendingProject(pendingProject());
      requestSignIn({ reason: 'user', callbackUrl: MARKETPLACE_RESUME_PATH, flow: 'import' });
      onOpenChange(false);
      return;
    }
    setFailure(null);
    create.mutate();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    if (isReview) handleCreate();
    else handleContinue();
  }

  const isCheckingEmail = step.id === 'contact' && sentTo !== null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        aria-describedby={descriptionId}
        className="max-w-3xl gap-5 p-5 sm:p-7"
        onOpenAutoFocus={(event) => {
          // A restored project opens at review: start on its one action, not on the first Edit link.
          if (!isReview) return;
          event.preventDefault();
          createButtonRef.current?.focus();
        }}
        onEscapeKeyDown={(event) => event.preventDefault()}
        onPointerDownOutside={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
      >
        {isSuccess ? (
          <div className="grid justify-items-center gap-3 py-10 text-center" role="status">
            <span className="flex size-14 items-center justify-center rounded-full bg-success/10 text-success">
              <CircleCheckBig className="size-7" aria-hidden />
            </span>
            <DialogTitle className="text-2xl">{CREATED_TITLE}</DialogTitle>
            <DialogDescription id={descriptionId} className="max-w-sm text-base">
              {CREATED_TEXT}
            </DialogDescription>
          </div>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle className="text-xl">Post a project</DialogTitle>
              <DialogDescription id={descriptionId}>
                Step {stepIndex + 1} of {marketplaceWizardSteps.length}: {step.label}
              </DialogDescription>
            </DialogHeader>
            <WizardProgress stepIndex={stepIndex} />
            <form noValidate onSubmit={handleSubmit} className="grid gap-6">
              {isCheckingEmail ? (
                <CheckEmailPanel
                  email={sentTo}
                  onUseDifferentEmail={() => setSentTo(null)}
                  onReview={() => goTo(REVIEW_STEP_INDEX)}
                />
              ) : (
                <section aria-labelledby={`${descriptionId}-heading`} className="grid min-h-64 content-start gap-4">
                  <h3 id={`${descriptionId}-heading`} className="text-lg font-semibold" aria-live="polite">
                    {stepHeadings[step.id]}
                  </h3>
                  <StepBody
                    stepId={step.id}
                    project={project}
                    contact={contact}
                    errors={errors}
                    account={account}
                    isBusy={isBusy}
                    signInError={signInError}
                    onProjectChange={updateProject}
                    onContactChange={updateContact}
                    onEditStep={goTo}
                  />
                  {step.id === 'marketplaceType' && (!isSignedIn || needsPlan) ? (
                    <PlanNeededNote isSignedIn={isSignedIn} />
                  ) : null}
                  {isReview && failure ? <CreateFailure failure={failure} /> : null}
                  {isReview && needsPlan && !failure ? (
                    <PlanRequiredNotice
                      returnUrl={MARKETPLACE_RESUME_PATH}
                      detail="Your project is saved; it opens here again after you choose a plan."
                    />
                  ) : null}
                  {isReview && !isSignedIn ? (
                    <p className="text-sm text-muted-foreground">
                      You&apos;ll sign in first, then choose a plan with marketplace access if yours has none; your
                      project is kept and waits for you here.
                    </p>
                  ) : null}
                </section>
              )}
              <div className="flex items-center justify-between gap-3 border-t border-border pt-4">
                <Button variant="outline" onClick={() => goTo(stepIndex - 1)} disabled={stepIndex === 0 || isBusy}>
                  <ArrowLeft aria-hidden />
                  Back
                </Button>
                {isCheckingEmail ? null : isReview ? (
                  <Button ref={createButtonRef} type="submit" disabled={isBusy}>
                    {create.isPending ? <Spinner /> : null}
                    {needsPlan ? 'Choose a plan' : 'Create Project'}
                  </Button>
                ) : (
                  <Button type="submit" disabled={!canContinueFrom(step.id, project) || isBusy}>
                    {signIn.isPending ? <Spinner /> : null}
                    Continue
                    {signIn.isPending ? null : <ArrowRight aria-hidden />}
                  </Button>
                )}
              </div>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

type StepBodyProps = {
  stepId: MarketplaceWizardStepId;
  project: ProjectDraft;
  contact: ContactDraft;
  errors: StepErrors;
  account: WizardAccount;
  isBusy: boolean;
  signInError: string | null;
  onProjectChange: (patch: Partial<ProjectDraft>) => void;
  onContactChange: (patch: Partial<ContactDraft>) => void;
  onEditStep: (index: number) => void;
};

function StepBody({
  stepId,
  project,
  contact,
  errors,
  account,
  isBusy,
  signInError,
  onProjectChange,
  onContactChange,
  onEditStep,
}: StepBodyProps) {
  const stepProps = { project, errors, onChange: onProjectChange };
  switch (stepId) {
    case 'marketplaceType':
      return <TypeStep {...stepProps} />;
    case 'title':
      return <TitleStep {...stepProps} />;
    case 'description':
      return <DescriptionStep {...stepProps} />;
    case 'timeframe':
      return <TimeframeStep {...stepProps} />;
    case 'category':
      return <CategoryStep {...stepProps} />;
    case 'image':
      return (
        <ImagePicker
          kind="image"
          legend="Project image"
          failureText={marketplaceMessages.imagesLoadFailed}
          value={project.image}
          onChange={(image) => onProjectChange({ image })}
          error={errors.image}
          canUpload={account !== null}
        />
      );
    case 'avatar':
      return (
        <ImagePicker
          kind="avatar"
          legend="Avatar"
          failureText={marketplaceMessages.iconsLoadFailed}
          value={project.icon}
          onChange={(icon) => onProjectChange({ icon })}
          error={errors.icon}
          canUpload={account !== null}
        />
      );
    case 'budget':
      return <BudgetStep {...stepProps} />;
    case 'contact':
      return (
        <ContactStep
          contact={contact}
          errors={errors}
          onChange={onContactChange}
          accountEmail={account?.email ?? null}
          isBusy={isBusy}
          signInError={signInError}
        />
      );
    case 'review':
      return (
        <ReviewStep
          project={project}
          contact={contact}
          email={account?.email ?? contact.email.trim().toLowerCase()}
          onEditStep={onEditStep}
        />
      );
  }
}

/**
 * Step 1 says what step 10 would: posting needs a plan with marketplace access (Growth and up). The
 * project written now is kept in the browser through sign-in and checkout.
 */
function PlanNeededNote({ isSignedIn }: { isSignedIn: boolean }) {
  return (
    <div
      role="note"
      className="grid gap-1 rounded-[var(--radius-control)] border border-border bg-muted/40 p-3 text-sm"
    >
      <p className="font-medium text-foreground">Posting needs a plan with marketplace access (Growth and up).</p>
      <p className="text-muted-foreground">
        {isSignedIn
          ? 'Write your project now: at the end you choose a plan, and the project opens here again after checkout, ready to post.'
          : 'Write your project now: at the end you sign in with your e-mail and, if your plan has no marketplace access, choose one. The project is kept in this browser throughout and opens here again, ready to post.'}
      </p>
    </div>
  );
}

function CreateFailure({ failure }: { failure: CreateProjectFailure }) {
  if (failure.kind === 'plan')
    return (
      <PlanRequiredNotice
        returnUrl={MARKETPLACE_RESUME_PATH}
        detail="Your project is saved; it opens here again after you upgrade."
      />
    );
  return (
    <p
      role="alert"
      className="rounded-[var(--radius-control)] border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive"
    >
      {failure.message}
    </p>
  );
}

function withoutKeys(errors: StepErrors, keys: string[]): StepErrors {
  if (!keys.some((key) => key in errors)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !keys.includes(key)));
}
