import type { Subaccount } from '@agentry/core/auth';
import { cn } from '@/lib/cn';

/** A sub account's logo, or its initial when it has none. */
export function SubaccountAvatar({
  subaccount,
  className,
}: {
  subaccount: Pick<Subaccount, 'name' | 'logoUrl'>;
  className?: string;
}) {
  if (subaccount.logoUrl) {
    return (
      <img
        src={subaccount.logoUrl}
        alt=""
        className={cn('size-9 shrink-0 rounded-[var(--radius-control)] object-cover', className)}
      />
    );
  }
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-[var(--radius-control)] bg-secondary text-sm font-semibold text-secondary-foreground',
        className,
      )}
    >
      {subaccount.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
