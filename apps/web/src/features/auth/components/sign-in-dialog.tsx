import { EmailInput } from '@agentry/core/auth';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, Mail, MailCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { showErrorDialog } from '@/components/error-dialog';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import type { SignInRequest } from '@/lib/sign-in-events';
import {
  DEFAULT_SIGN_IN_CALLBACK,
  EMAIL_REQUIRED_MESSAGE,
  continueWithEmailOrThrow,
  normalizeEmail,
  SignInError,
  type SignInBranch,
  startGoogleSignInOrThrow,
} from '../api/sign-in';
import { useSignInMethods } from '../api/sign-in-methods';
import { useSignInRequests } from '../hooks/use-sign-in-requests';
import { GoogleMark } from './google-mark';

export const CONSENT_LABEL =
  'Keep me in the loop with occasional emails on early access, AI tips, and exclusive offers';

/**
 * The app-wide sign-in modal (docs/product/accounts-and-team.md#sign-in). Mounted once in the root
 * layout; opens on the global sign-in event and on `?signin=1`.
 */
export function SignInDialog() {
  const { request, close } = useSignInRequests();
  return (
    <Dialog open={request !== null} onOpenChange={(isOpen) => (isOpen ? undefined : close())}>
      {request ? <SignInDialogContent request={request} onDone={close} /> : null}
    </Dialog>
  );
}

type LinkSent = { email: string; branch: SignInBranch };

function SignInDialogContent({ request, onDone }: { request: SignInRequest; onDone: () => void }) {
  const [sent, setSent] = useState<LinkSent | null>(null);
  const navigate = useNavigate();
  const callbackURL = request.callbackUrl ?? DEFAULT_SIGN_IN_CALLBACK;

  return (
    <DialogContent className="max-w-md gap-5 p-6 sm:p-8">
      {sent === null ? (
        <SignInForm
          callbackURL={callbackURL}
          isExpired={request.reason === 'expired'}
          isImportFlow={request.flow === 'import'}
          onSent={setSent}
          onAlreadySignedIn={() => {
            onDone();
            void navigate(callbackURL);
          }}
        />
      ) : (
        <CheckYourEmail sent={sent} onUseDifferentEmail={() => setSent(null)} />
      )}
    </DialogContent>
  );
}

type SignInFormProps = {
  callbackURL: string;
  isExpired: boolean;
  isImportFlow: boolean;
  onSent: (sent: LinkSent) => void;
  onAlreadySignedIn: () => void;
};

/** Every failed sign-in call opens the app's error dialog: the readable message, the server's code and reference under it. */
function showSignInError(error: Error, onRetry: () => void) {
  const isSignInError = error instanceof SignInError;
  showErrorDialog(
    {
      type: (isSignInError ? error.code : undefined) ?? 'SIGN_IN_FAILED',
      message: error.message,
      supportId: isSignInError ? error.supportId : undefined,
      originalError: error.cause ?? error,
    },
    { onRetry },
  );
}

function SignInForm({ callbackURL, isExpired, isImportFlow, onSent, onAlreadySignedIn }: SignInFormProps) {
  const emailId = useId();
  const emailErrorId = useId();
  const consentId = useId();
  const [email, setEmail] = useState('');
  const [hasConsent, setHasConsent] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [isRedirecting, setIsRedirecting] = useState(false);
  const methods = useSignInMethods();
  // Offered only once the server says Google has keys: a button that can only fail is not shown.
  const isGoogleOffered = methods.data?.google === true;

  // Both mutations report through the error dialog, so the global error toast stays out of it.
  const emailSignIn = useMutation({
    mutationFn: continueWithEmailOrThrow,
    meta: { silentError: true },
    onSuccess: (result) => {
      if (result.outcome === 'signed-in') onAlreadySignedIn();
      else onSent({ email: result.email, branch: result.branch });
    },
  });
  const googleSignIn = useMutation({
    mutationFn: startGoogleSignInOrThrow,
    meta: { silentError: true },
    onSuccess: (url) => {
      setIsRedirecting(true);
      window.location.assign(url);
    },
  });
  const isBusy = emailSignIn.isPending || googleSignIn.isPending || isRedirecting;

  function sendEmailLink(variables: Parameters<typeof continueWithEmailOrThrow>[0]) {
    emailSignIn.mutate(variables, { onError: (error) => showSignInError(error, () => sendEmailLink(variables)) });
  }

  function startGoogle(variables: Parameters<typeof startGoogleSignInOrThrow>[0]) {
    googleSignIn.mutate(variables, { onError: (error) => showSignInError(error, () => startGoogle(variables)) });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = EmailInput.safeParse(email);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? EMAIL_REQUIRED_MESSAGE);
      return;
    }
    setFieldError(undefined);
    googleSignIn.reset();
    sendEmailLink({ email: normalizeEmail(parsed.data), emailconsent: hasConsent, callbackURL, isImportFlow });
  }

  function handleGoogle() {
    emailSignIn.reset();
    startGoogle({ callbackURL, emailconsent: hasConsent });
  }

  return (
    <>
      <DialogHeader className="items-center gap-2 pr-0 text-center">
        <span className="mb-1 flex size-11 items-center justify-center rounded-xl bg-brand text-white shadow-sm">
          <Mail className="size-5" aria-hidden />
        </span>
        <DialogTitle className="text-2xl">Welcome Back</DialogTitle>
        <DialogDescription>
          Sign in or create your account. We&apos;ll email you a secure link, no password needed.
        </DialogDescription>
      </DialogHeader>

      {isExpired ? (
        <p
          role="status"
          className="rounded-[var(--radius-control)] border border-warning/40 bg-warning/10 px-3 py-2 text-center text-sm font-medium text-warning"
        >
          Please sign in to continue
        </p>
      ) : null}

      <form noValidate onSubmit={handleSubmit} className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={emailId}>Email</Label>
          <Input
            id={emailId}
            type="email"
            name="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@company.com"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              if (fieldError) setFieldError(undefined);
            }}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? emailErrorId : undefined}
            disabled={isBusy}
          />
          <FieldError id={emailErrorId}>{fieldError}</FieldError>
        </div>

        <div className="flex items-start gap-3">
          <Checkbox
            id={consentId}
            checked={hasConsent}
            onCheckedChange={(value) => setHasConsent(value === true)}
            className="mt-0.5"
            disabled={isBusy}
          />
          <Label htmlFor={consentId} className="cursor-pointer text-sm font-normal leading-snug text-muted-foreground">
            {CONSENT_LABEL}
          </Label>
        </div>

        <Button type="submit" size="lg" className="w-full text-sm" disabled={isBusy}>
          {emailSignIn.isPending ? <Spinner /> : <Mail aria-hidden />}
          Continue with Email
        </Button>
      </form>

      {isGoogleOffered ? (
        <>
          <div className="flex items-center gap-3 text-xs uppercase tracking-wider text-muted-foreground" aria-hidden>
            <span className="h-px flex-1 bg-border" />
            or
            <span className="h-px flex-1 bg-border" />
          </div>

          <Button variant="outline" size="lg" className="w-full text-sm" onClick={handleGoogle} disabled={isBusy}>
            {googleSignIn.isPending || isRedirecting ? <Spinner /> : <GoogleMark className="size-4" />}
            Continue with Google
          </Button>
        </>
      ) : null}

      <p className="text-center text-xs leading-relaxed text-muted-foreground">
        By continuing you agree to our{' '}
        <Link
          to="/terms"
          target="_blank"
          rel="noreferrer"
          className="font-medium text-foreground underline underline-offset-2 hover:text-primary"
        >
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link
          to="/privacy-policy"
          target="_blank"
          rel="noreferrer"
          className="font-medium text-foreground underline underline-offset-2 hover:text-primary"
        >
          Privacy Policy
        </Link>
        .
      </p>
    </>
  );
}

/** What the link does for each branch, under the address it went to. */
const LINK_PURPOSE: Record<SignInBranch, string> = {
  'existing-needs-verification': 'This address is not confirmed yet: the link confirms it and signs you in.',
  'existing-without-access': 'The link confirms your address and opens your workspace.',
  'existing-with-access': 'The link signs you in.',
  'new-with-linked-access': 'You have been invited to a team: after signing in, accept the invitation from its email.',
  'new-in-import-flow':
    'What you started is kept in this browser: open the link here to pick it up where you left off.',
  new: 'The link creates your account and signs you in.',
};

function CheckYourEmail({ sent, onUseDifferentEmail }: { sent: LinkSent; onUseDifferentEmail: () => void }) {
  const { email, branch } = sent;
  return (
    <>
      <DialogHeader className="items-center gap-2 pr-0 text-center">
        <span className="mb-1 flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <MailCheck className="size-6" aria-hidden />
        </span>
        <DialogTitle className="text-2xl">Check your email</DialogTitle>
        <DialogDescription>
          We sent a sign-in link to <strong className="break-words font-semibold text-foreground">{email}</strong>. Open
          it on this device to continue.
        </DialogDescription>
      </DialogHeader>
      <p className="text-center text-sm text-foreground">{LINK_PURPOSE[branch]}</p>
      <p className="text-center text-sm text-muted-foreground">
        Can&apos;t find it? Check your spam or promotions folder.
      </p>
      <div className="grid gap-2">
        <Button variant="outline" className="w-full" onClick={onUseDifferentEmail} autoFocus>
          <ArrowLeft aria-hidden />
          Use a different email
        </Button>
        {import.meta.env.DEV ? (
          <Button variant="link" asChild className="w-full">
            <Link to={`/dev/mailbox?email=${encodeURIComponent(email)}`} target="_blank" rel="noreferrer">
              Open the Dev Mailbox (local development)
            </Link>
          </Button>
        ) : null}
      </div>
    </>
  );
}
