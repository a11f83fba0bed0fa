import type { Role } from '@agentry/core/auth';
import { roleChangeAction } from '@agentry/core/permissions';
import type { TeamInvitation, TeamMember } from '@agentry/core/team';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Eye, Lock, LogOut, MailPlus, MoreHorizontal, RotateCw, Users } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { canRole } from '@/lib/permissions';
import { selectSubaccount, sessionQueryKey, useSession } from '@/lib/session';
import { teamQuery, useTeamMutations } from '../api/team-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { InviteDialog } from '../components/invite-dialog';
import { RoleBadge, roleLabels } from '../components/role-badge';

const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

type Pending =
  | { kind: 'role'; member: TeamMember; role: Role }
  | { kind: 'remove'; member: TeamMember }
  | { kind: 'revoke'; invitation: TeamInvitation }
  | { kind: 'leave' }
  | null;

/** /{connectId}/team: who works in this sub account, their roles, and pending invitations. */
export function TeamPage() {
  const { connectId = '' } = useParams();
  const { data: session } = useSession();
  const subaccount = session ? selectSubaccount(session, connectId) : null;
  if (!subaccount) return null;
  return (
    <TeamView
      subaccountId={subaccount.id}
      subaccountName={subaccount.name}
      role={subaccount.role}
      isLocked={subaccount.isLocked === true}
    />
  );
}

function TeamView({
  subaccountId,
  subaccountName,
  role,
  isLocked,
}: {
  subaccountId: string;
  subaccountName: string;
  role: Role;
  isLocked: boolean;
}) {
  const team = useQuery(teamQuery(subaccountId));
  const mutations = useTeamMutations(subaccountId);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Granting access (invite, resend, a higher role) stops while the sub account is locked after a
  // downgrade; taking it away (remove, revoke, a lower role) does not.
  const canGrant = canRole(role, 'team.manage', { isLocked });
  const canManage = canRole(role, 'team.removeAccess', { isLocked });
  const [isInviteOpen, setIsInviteOpen] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const you = team.data?.members.find((entry) => entry.isYou);

  const confirmPending = async () => {
    if (!pending) return;
    if (pending.kind === 'role') {
      await mutations.changeRole.mutateAsync({ memberId: pending.member.id, role: pending.role });
      toast.success(`${pending.member.name} is now ${roleLabels[pending.role].toLowerCase()}`);
    } else if (pending.kind === 'remove') {
      await mutations.remove.mutateAsync(pending.member.id);
      toast.success(`${pending.member.name} was removed`);
    } else if (pending.kind === 'revoke') {
      await mutations.revoke.mutateAsync(pending.invitation.id);
      toast.success('Invitation revoked');
    } else {
      await mutations.leave.mutateAsync();
      toast.success(`You left ${subaccountName}`);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      void navigate('/agents');
    }
  };

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-8 lg:py-12">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">Team</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            People who work in {subaccountName}. Admins manage the team, members build, viewers look.
          </p>
        </div>
        {canGrant ? (
          <Button onClick={() => setIsInviteOpen(true)}>
            <MailPlus aria-hidden />
            Invite
          </Button>
        ) : canManage ? (
          <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
            <Lock className="size-4" aria-hidden />
            No one new can join while this sub account is locked
          </p>
        ) : (
          <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
            <Eye className="size-4" aria-hidden />
            Only admins manage the team
          </p>
        )}
      </header>

      {team.isPending ? (
        <div role="status" aria-label="Loading the team" className="grid grid-cols-[minmax(0,1fr)] gap-3">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-16 w-full" />
          ))}
        </div>
      ) : team.isError ? (
        <ErrorState
          message={team.error instanceof ApiError ? team.error.message : 'Failed to load the team'}
          onRetry={() => void team.refetch()}
          isRetrying={team.isFetching}
        />
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
          <section aria-labelledby="members-heading">
            <h2 id="members-heading" className="mb-3 text-sm font-semibold text-muted-foreground">
              Members ({team.data.members.length})
            </h2>
            <ul className="divide-y divide-border overflow-hidden rounded-[var(--radius-card)] border border-border bg-card">
              {team.data.members.map((entry) => (
                <MemberRow
                  key={entry.id}
                  member={entry}
                  canManage={canManage}
                  canGrant={canGrant}
                  onChangeRole={(next) => setPending({ kind: 'role', member: entry, role: next })}
                  onRemove={() => setPending({ kind: 'remove', member: entry })}
                />
              ))}
            </ul>
          </section>

          {canManage ? (
            <section aria-labelledby="invitations-heading">
              <h2 id="invitations-heading" className="mb-3 text-sm font-semibold text-muted-foreground">
                Pending invitations ({team.data.invitations.length})
              </h2>
              {team.data.invitations.length === 0 ? (
                <EmptyState
                  icon={Users}
                  title="No pending invitations"
                  description="Invite a colleague or your client. They get an e-mail with a link to join."
                  action={
                    canGrant ? (
                      <Button variant="outline" onClick={() => setIsInviteOpen(true)}>
                        <MailPlus aria-hidden />
                        Invite someone
                      </Button>
                    ) : undefined
                  }
                  className="max-w-none"
                />
              ) : (
                <ul className="divide-y divide-border overflow-hidden rounded-[var(--radius-card)] border border-border bg-card">
                  {team.data.invitations.map((invitation) => (
                    <InvitationRow
                      key={invitation.id}
                      invitation={invitation}
                      canResend={canGrant}
                      isResending={mutations.resend.isPending && mutations.resend.variables === invitation.id}
                      onResend={() =>
                        mutations.resend.mutate(invitation.id, {
                          onSuccess: () => toast.success(`Invitation sent again to ${invitation.email}`),
                        })
                      }
                      onRevoke={() => setPending({ kind: 'revoke', invitation })}
                    />
                  ))}
                </ul>
              )}
            </section>
          ) : null}

          {you && !you.isOwner ? (
            <section className="flex flex-wrap items-center justify-between gap-3 rounded-[var(--radius-card)] border border-border bg-card p-4">
              <p className="text-sm text-muted-foreground">
                Leave {subaccountName}. You lose access until invited again.
              </p>
              <Button variant="outline" onClick={() => setPending({ kind: 'leave' })}>
                <LogOut aria-hidden />
                Leave
              </Button>
            </section>
          ) : null}
        </div>
      )}

      <InviteDialog
        subaccountId={subaccountId}
        subaccountName={subaccountName}
        open={isInviteOpen}
        onOpenChange={setIsInviteOpen}
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        {...describePending(pending, subaccountName)}
        onConfirm={confirmPending}
      />
    </div>
  );
}

function describePending(pending: Pending, subaccountName: string) {
  if (pending?.kind === 'role')
    return {
      title: `Make ${pending.member.name} ${roleLabels[pending.role].toLowerCase()}?`,
      description: `${pending.member.email} becomes ${roleLabels[pending.role].toLowerCase()} in ${subaccountName} from their next action.`,
      confirmLabel: 'Change role',
    };
  if (pending?.kind === 'remove')
    return {
      title: `Remove ${pending.member.name}?`,
      description: `${pending.member.email} loses access to ${subaccountName} at once, and the API keys they made and the invitations they sent here stop working. What they built stays.`,
      confirmLabel: 'Remove',
      isDestructive: true,
    };
  if (pending?.kind === 'revoke')
    return {
      title: 'Revoke this invitation?',
      description: `The link sent to ${pending.invitation.email} stops working.`,
      confirmLabel: 'Revoke',
      isDestructive: true,
    };
  return {
    title: `Leave ${subaccountName}?`,
    description:
      'You lose access at once, and the API keys you made and the invitations you sent here stop working. An admin can invite you again.',
    confirmLabel: 'Leave',
    isDestructive: true,
  };
}

function Initial({ name }: { name: string }) {
  return (
    <span
      aria-hidden
      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-sm font-semibold uppercase text-secondary-foreground"
    >
      {name.trim().charAt(0) || '?'}
    </span>
  );
}

function MemberRow({
  member,
  canManage,
  canGrant,
  onChangeRole,
  onRemove,
}: {
  member: TeamMember;
  canManage: boolean;
  canGrant: boolean;
  onChangeRole: (role: Role) => void;
  onRemove: () => void;
}) {
  const canAct = canManage && !member.isOwner;
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <Initial name={member.name} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 text-sm font-medium">
          <span className="truncate">{member.name}</span>
          {member.isYou ? <span className="text-xs font-normal text-muted-foreground">(you)</span> : null}
          {member.isOwner ? <Badge variant="outline">Owner</Badge> : null}
        </p>
        <p className="truncate text-sm text-muted-foreground">{member.email}</p>
        <p className="text-xs text-muted-foreground sm:hidden">Joined {formatDate(member.joinedAt)}</p>
      </div>
      <p className="hidden w-28 shrink-0 text-sm text-muted-foreground sm:block">
        <span className="sr-only">Joined </span>
        {formatDate(member.joinedAt)}
      </p>
      <div className="w-16 shrink-0 text-right">
        <RoleBadge role={member.role} />
      </div>
      <div className="w-8 shrink-0">
        {canAct ? (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${member.name}`}>
                <MoreHorizontal aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuLabel>Role</DropdownMenuLabel>
              <DropdownMenuRadioGroup
                value={member.role}
                onValueChange={(value) => value !== member.role && onChangeRole(value as Role)}
              >
                {(['admin', 'member', 'viewer'] as const).map((option) => (
                  <DropdownMenuRadioItem
                    key={option}
                    value={option}
                    disabled={!canGrant && roleChangeAction({ from: member.role, to: option }) === 'team.manage'}
                  >
                    {roleLabels[option]}
                  </DropdownMenuRadioItem>
                ))}
              </DropdownMenuRadioGroup>
              <DropdownMenuSeparator />
              <DropdownMenuItem variant="destructive" onSelect={onRemove}>
                Remove from team
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        ) : null}
      </div>
    </li>
  );
}

function InvitationRow({
  invitation,
  canResend,
  isResending,
  onResend,
  onRevoke,
}: {
  invitation: TeamInvitation;
  canResend: boolean;
  isResending: boolean;
  onResend: () => void;
  onRevoke: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3">
      <Initial name={invitation.email} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{invitation.email}</p>
        <p className="text-xs text-muted-foreground">
          Sent {formatDate(invitation.sentAt)} ·{' '}
          {invitation.isExpired ? 'expired' : `expires ${formatDate(invitation.expiresAt)}`}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {invitation.isExpired ? <Badge variant="warning">Expired</Badge> : <Badge variant="pending">Pending</Badge>}
        <RoleBadge role={invitation.role} />
        {canResend ? (
          <Button variant="ghost" size="sm" onClick={onResend} disabled={isResending}>
            <RotateCw aria-hidden className={isResending ? 'animate-spin' : undefined} />
            Resend
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" onClick={onRevoke} className="text-destructive">
          Revoke
        </Button>
      </div>
    </li>
  );
}
