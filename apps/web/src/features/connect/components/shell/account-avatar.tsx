import { cn } from '@/lib/cn';

/** An account's logo, or its initial on the brand colour when it has none. */
export function AccountAvatar({
  name,
  logoUrl,
  className,
}: {
  name: string;
  logoUrl: string | null;
  className?: string;
}) {
  if (logoUrl)
    return (
      <img
        src={logoUrl}
        alt=""
        className={cn('size-8 shrink-0 rounded-[var(--radius-control)] object-cover', className)}
      />
    );
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-[var(--radius-control)] bg-secondary text-sm font-semibold text-secondary-foreground',
        className,
      )}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
