import { ArrowLeft, MailCheck } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError, Input, Label } from '@/components/ui/input';
import type { ContactDraft, StepErrors } from '../../lib/project-draft';

type ContactStepProps = {
  contact: ContactDraft;
  errors: StepErrors;
  onChange: (patch: Partial<ContactDraft>) => void;
  /** Signed-in authors enter no e-mail: the account's is used (docs/product/marketplace.md#access). */
  accountEmail: string | null;
  isBusy: boolean;
  /** A failure of the sign-in e-mail (after pre-registration passed). */
  signInError: string | null;
};

export function ContactStep({ contact, errors, onChange, accountEmail, isBusy, signInError }: ContactStepProps) {
  const ids = {
    name: useId(),
    nameError: useId(),
    business: useId(),
    businessError: useId(),
    email: useId(),
    emailError: useId(),
    terms: useId(),
    termsError: useId(),
  };
  const isSignedIn = accountEmail !== null;
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={ids.name}>Your name</Label>
        <Input
          id={ids.name}
          value={contact.name}
          onChange={(event) => onChange({ name: event.target.value })}
          autoComplete="name"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? ids.nameError : undefined}
          disabled={isBusy}
          autoFocus
        />
        <FieldError id={ids.nameError}>{errors.name}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.business}>Business name</Label>
        <Input
          id={ids.business}
          value={contact.businessName}
          onChange={(event) => onChange({ businessName: event.target.value })}
          autoComplete="organization"
          aria-invalid={errors.businessName ? true : undefined}
          aria-describedby={errors.businessName ? ids.businessError : undefined}
          disabled={isBusy}
        />
        <FieldError id={ids.businessError}>{errors.businessName}</FieldError>
      </div>

      {isSignedIn ? (
        <p className="rounded-[var(--radius-control)] bg-muted px-3 py-2 text-sm text-muted-foreground">
          Replies reach you at your account e-mail,{' '}
          <strong className="break-all font-medium text-foreground">{accountEmail}</strong>.
        </p>
      ) : (
        <>
          <div className="grid gap-2">
            <Label htmlFor={ids.email}>Email</Label>
            <Input
              id={ids.email}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="you@company.com"
              value={contact.email}
              onChange={(event) => onChange({ email: event.target.value })}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? ids.emailError : undefined}
              disabled={isBusy}
            />
            <FieldError id={ids.emailError}>{errors.email}</FieldError>
            <p className="text-xs text-muted-foreground">
              We&apos;ll e-mail you a link to sign in; your project waits for you at review.
            </p>
          </div>
          <div className="grid gap-2">
            <div className="flex items-start gap-3">
              <Checkbox
                id={ids.terms}
                checked={contact.hasAcceptedTerms}
                onCheckedChange={(value) => onChange({ hasAcceptedTerms: value === true })}
                aria-invalid={errors.hasAcceptedTerms ? true : undefined}
                aria-describedby={errors.hasAcceptedTerms ? ids.termsError : undefined}
                disabled={isBusy}
                className="mt-0.5"
              />
              <Label htmlFor={ids.terms} className="cursor-pointer font-normal leading-snug">
                I accept the{' '}
                <Link
                  to="/terms"
                  target="_blank"
                  rel="noreferrer"
                  className="font-medium text-primary underline underline-offset-2"
                >
                  terms of service
                </Link>
              </Label>
            </div>
            <FieldError id={ids.termsError}>{errors.hasAcceptedTerms}</FieldError>
          </div>
        </>
      )}
      {signInError ? (
        <p
          role="alert"
          className="rounded-[var(--radius-control)] bg-destructive/10 px-3 py-2 text-sm text-destructive"
        >
          {signInError}
        </p>
      ) : null}
    </div>
  );
}

type CheckEmailPanelProps = { email: string; onUseDifferentEmail: () => void; onReview: () => void };

/** After pre-registration: the magic link is on its way and will bring the author back to review. */
export function CheckEmailPanel({ email, onUseDifferentEmail, onReview }: CheckEmailPanelProps) {
  return (
    <div className="grid justify-items-center gap-4 py-4 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <MailCheck className="size-6" aria-hidden />
      </span>
      <h3 className="text-xl font-semibold">Check your email</h3>
      <p className="max-w-sm text-sm text-muted-foreground">
        We sent a sign-in link to <strong className="break-all font-semibold text-foreground">{email}</strong>. Open it
        on this device: your project is saved and waits for you at review.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" onClick={onUseDifferentEmail}>
          <ArrowLeft aria-hidden />
          Use a different email
        </Button>
        <Button variant="ghost" onClick={onReview}>
          Review project
        </Button>
      </div>
      {import.meta.env.DEV ? (
        <Button variant="link" asChild>
          <Link to={`/dev/mailbox?email=${encodeURIComponent(email)}`} target="_blank" rel="noreferrer">
            Open the Dev Mailbox (local development)
          </Link>
        </Button>
      ) : null}
    </div>
  );
}
