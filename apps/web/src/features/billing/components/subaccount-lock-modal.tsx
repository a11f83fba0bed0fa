import type { LockableSubaccount } from '@agentry/core/billing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bot, CalendarDays, Check, Lock } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { sessionQueryKey } from '@/lib/session';
import { billingQueryKeys } from '../api/billing-query-keys';
import { getSubaccountLock, selectActiveSubaccounts } from '../api/subaccount-lock';

/** docs/product/billing-and-credits.md#sub-account-lock, texts of the subaccount modal. */
export const subaccountLockMessages = {
  selectRequired: 'Please select a subaccount',
  confirmRequired: "Please type 'confirm' to proceed",
  success: 'Subaccount selected successfully',
  failed: 'Failed to select subaccount',
} as const;

/** The typed confirmation: 'confirm', case-insensitively. */
export function isConfirmationTyped(value: string) {
  return value.trim().toLowerCase() === 'confirm';
}

const createdFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function formatCreated(value: string) {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : createdFormat.format(date);
}

/**
 * docs/product/billing-and-credits.md#sub-account-lock, 'Select Your Active Subaccount': shown in the workspace when the server says the
 * plan keeps fewer sub accounts than exist. It cannot be dismissed; the choice needs a typed 'confirm'.
 * A plan that keeps one is a choice of one card; one that keeps more (Growth keeps 5) lets the owner
 * pick up to that many.
 */
export function SubaccountLockModal() {
  const lock = useQuery({
    queryKey: billingQueryKeys.subaccountLock,
    queryFn: ({ signal }) => getSubaccountLock(signal),
    retry: false,
    staleTime: 60_000,
  });
  const isOpen = lock.data?.mustChoose === true;
  return (
    <Dialog open={isOpen}>
      {isOpen ? (
        <DialogContent
          hideClose
          className="max-w-3xl"
          onOpenAutoFocus={(event) => {
            // Focus on the first card drew its ring, which reads as a choice nobody made: start on
            // the dialog itself (Tab then reaches the cards).
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
        >
          <SubaccountLockBody
            subaccounts={(lock.data?.subaccounts ?? []).filter((subaccount) => !subaccount.isLocked)}
            allowed={Math.max(1, lock.data?.allowedActive ?? 1)}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function SubaccountLockBody({ subaccounts, allowed }: { subaccounts: LockableSubaccount[]; allowed: number }) {
  const queryClient = useQueryClient();
  const confirmId = useId();
  const isSingle = allowed === 1;
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [isConfirming, setIsConfirming] = useState(false);
  const [typed, setTyped] = useState('');

  const select = useMutation({
    mutationFn: selectActiveSubaccounts,
    meta: { silentError: true },
    onSuccess: async () => {
      toast.success(subaccountLockMessages.success);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: billingQueryKeys.subaccountLock }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]);
    },
    onError: () => toast.error(subaccountLockMessages.failed),
  });

  function toggle(subaccountId: string) {
    setSelectedIds((current) => {
      if (isSingle) return [subaccountId];
      if (current.includes(subaccountId)) return current.filter((id) => id !== subaccountId);
      return current.length < allowed ? [...current, subaccountId] : current;
    });
    setIsConfirming(false);
    setTyped('');
  }

  function handleContinue() {
    if (selectedIds.length === 0) {
      toast.error(subaccountLockMessages.selectRequired);
      return;
    }
    setIsConfirming(true);
  }

  function handleLock(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (selectedIds.length === 0) {
      toast.error(subaccountLockMessages.selectRequired);
      return;
    }
    if (!isConfirmationTyped(typed)) {
      toast.error(subaccountLockMessages.confirmRequired);
      return;
    }
    select.mutate(selectedIds);
  }

  const selected = subaccounts.filter((subaccount) => selectedIds.includes(subaccount.id));

  return (
    <>
      <DialogHeader>
        <span className="flex size-10 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <Lock className="size-5" aria-hidden />
        </span>
        <DialogTitle>Select Your Active Subaccount</DialogTitle>
        <DialogDescription>
          {isSingle
            ? 'Your plan keeps one active subaccount. Choose the one to keep working in; the others are locked, not deleted, and open again when you upgrade.'
            : `Your plan keeps ${allowed} active subaccounts. Choose up to ${allowed} to keep working in; the others are locked, not deleted, and open again when you upgrade.`}
        </DialogDescription>
      </DialogHeader>

      {isSingle ? null : (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {selectedIds.length} of {allowed} chosen
        </p>
      )}
      <div
        role={isSingle ? 'radiogroup' : 'group'}
        aria-label="Subaccounts"
        className="grid max-h-[45dvh] gap-3 overflow-y-auto p-0.5 sm:grid-cols-2 lg:grid-cols-3"
      >
        {subaccounts.map((subaccount) => {
          const isSelected = selectedIds.includes(subaccount.id);
          const isFull = !isSingle && !isSelected && selectedIds.length >= allowed;
          return (
            <button
              key={subaccount.id}
              type="button"
              role={isSingle ? 'radio' : 'checkbox'}
              aria-checked={isSelected}
              disabled={select.isPending || isFull}
              onClick={() => toggle(subaccount.id)}
              className={cn(
                'relative flex cursor-pointer flex-col gap-3 rounded-[var(--radius-card)] border bg-card p-4 text-left transition-colors duration-150 hover:border-primary/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                isSelected ? 'border-primary ring-1 ring-primary' : 'border-border',
                isFull && 'cursor-not-allowed opacity-60',
              )}
            >
              <span className="flex items-center gap-3">
                <SubaccountLogo subaccount={subaccount} />
                <span className="line-clamp-2 min-w-0 flex-1 font-medium">{subaccount.name}</span>
                {isSelected ? <Check className="size-4 shrink-0 text-primary" aria-hidden /> : null}
              </span>
              <span className="grid gap-1 text-xs text-muted-foreground">
                <span className="flex items-center gap-1.5">
                  <Bot className="size-3.5" aria-hidden />
                  {subaccount.agentCount} {subaccount.agentCount === 1 ? 'agent' : 'agents'}
                </span>
                <span className="flex items-center gap-1.5">
                  <CalendarDays className="size-3.5" aria-hidden />
                  Created {formatCreated(subaccount.createdAt)}
                </span>
              </span>
            </button>
          );
        })}
      </div>

      {isConfirming && selected.length > 0 ? (
        <form
          onSubmit={handleLock}
          className="grid gap-3 rounded-[var(--radius-card)] border border-amber-500/40 bg-amber-500/10 p-4"
          aria-label="Confirm selection"
        >
          <p className="text-sm">
            <span className="font-medium">{selected.map((subaccount) => subaccount.name).join(', ')}</span>{' '}
            {selected.length === 1 ? 'stays' : 'stay'} active. Every other subaccount is locked until you upgrade.
          </p>
          <Label htmlFor={confirmId}>Type &apos;confirm&apos; to proceed</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={confirmId}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              placeholder="confirm"
              className="sm:flex-1"
            />
            <Button type="submit" disabled={select.isPending} aria-busy={select.isPending}>
              {select.isPending ? <Spinner /> : <Lock aria-hidden />}
              Lock Selection
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex justify-end">
          <Button onClick={handleContinue}>Continue</Button>
        </div>
      )}
    </>
  );
}

function SubaccountLogo({ subaccount }: { subaccount: LockableSubaccount }) {
  if (subaccount.logoUrl)
    return (
      <img src={subaccount.logoUrl} alt="" className="size-10 shrink-0 rounded-[var(--radius-control)] object-cover" />
    );
  return (
    <span
      aria-hidden
      className="flex size-10 shrink-0 items-center justify-center rounded-[var(--radius-control)] bg-secondary text-sm font-semibold text-secondary-foreground"
    >
      {subaccount.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
