import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MailCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonVariants } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, apiRequest } from '@/lib/api';
import { handleApiError } from '@/lib/http-errors';
import { sessionQueryKey, useSession } from '@/lib/session';
import { acceptInvitation, invitationQuery, signInForInvitation } from '../api/team-api';
import { RoleBadge } from '../components/role-badge';

/**
 * /invite/:token, the link of an invitation e-mail. Signed out: one click signs a new address up
 * (an existing account gets a sign-in e-mail that comes back here). Signed in as the invited
 * address: join. Signed in as someone else: say so and offer to switch.
 */
export function AcceptInvitationPage() {
  const { token = '' } = useParams();
  const invitation = useQuery(invitationQuery(token));
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isWorking, setIsWorking] = useState(false);
  const [mailedTo, setMailedTo] = useState<string | null>(null);

  const signIn = async () => {
    setIsWorking(true);
    try {
      const reply = await signInForInvitation(token);
      if ('redirectUrl' in reply) {
        window.location.assign(reply.redirectUrl);
        return;
      }
      setMailedTo(invitation.data?.email ?? null);
    } catch (error) {
      handleApiError(error);
    }
    setIsWorking(false);
  };

  const join = async () => {
    setIsWorking(true);
    try {
      await acceptInvitation(token);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      toast.success(`Welcome to ${invitation.data?.subaccountName ?? 'the team'}`);
      void navigate('/agents', { replace: true });
    } catch (error) {
      handleApiError(error);
      setIsWorking(false);
    }
  };

  const switchAccount = async () => {
    await apiRequest('/api/auth/sign-out', { method: 'POST', body: {}, silentUnauthorized: true }).catch(
      () => undefined,
    );
    queryClient.clear();
    window.location.reload();
  };

  const signedInEmail = session.data?.user.email.toLowerCase() ?? null;

  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-4 py-10 text-foreground">
      <div className="w-full max-w-md">
        {invitation.isPending || session.isPending ? (
          <div role="status" aria-label="Loading the invitation" className="grid gap-3">
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : invitation.isError ? (
          <ErrorState
            title="Invitation not available"
            message={
              invitation.error instanceof ApiError && invitation.error.status === 404
                ? invitation.error.message
                : 'Something went wrong'
            }
            onRetry={
              invitation.error instanceof ApiError && invitation.error.status === 404
                ? undefined
                : () => void invitation.refetch()
            }
          >
            <Link to="/" className={buttonVariants({ variant: 'outline' })}>
              Go to the home page
            </Link>
          </ErrorState>
        ) : (
          <section
            aria-labelledby="invite-heading"
            className="rounded-[var(--radius-card)] border border-border bg-card p-6 shadow-sm"
          >
            <span className="mb-4 flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
              {mailedTo ? <MailCheck className="size-5" aria-hidden /> : <UserPlus className="size-5" aria-hidden />}
            </span>
            <h1 id="invite-heading" className="text-xl font-semibold tracking-tight">
              Join {invitation.data.subaccountName}
            </h1>
            <p className="mt-2 text-sm text-muted-foreground">
              {invitation.data.invitedByName ?? 'An admin'} invited{' '}
              <span className="font-medium text-foreground">{invitation.data.email}</span> to work in{' '}
              {invitation.data.subaccountName} on Agentry.
            </p>
            <p className="mt-3 flex items-center gap-2 text-sm">
              Role <RoleBadge role={invitation.data.role} />
            </p>

            <div className="mt-6 grid gap-3">
              {mailedTo ? (
                <p role="status" className="text-sm">
                  We sent a sign-in link to <span className="font-medium">{mailedTo}</span>. Open it to accept the
                  invitation.
                </p>
              ) : signedInEmail === null ? (
                <Button onClick={() => void signIn()} disabled={isWorking}>
                  {isWorking ? 'Signing in…' : 'Accept and sign in'}
                </Button>
              ) : signedInEmail === invitation.data.email.toLowerCase() ? (
                <Button onClick={() => void join()} disabled={isWorking}>
                  {isWorking ? 'Joining…' : `Join ${invitation.data.subaccountName}`}
                </Button>
              ) : (
                <>
                  <p role="note" className="text-sm text-muted-foreground">
                    You are signed in as <span className="font-medium text-foreground">{signedInEmail}</span>. This
                    invitation is for {invitation.data.email}.
                  </p>
                  <Button variant="outline" onClick={() => void switchAccount()}>
                    Sign out and continue as {invitation.data.email}
                  </Button>
                </>
              )}
            </div>
          </section>
        )}
      </div>
    </main>
  );
}
