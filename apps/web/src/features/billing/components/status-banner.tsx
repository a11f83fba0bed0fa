import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** docs/product/accounts-and-team.md#workspace-shell, 'Status banners': type, title and description. */
export type StatusBannerData = { type: 'success' | 'warning' | 'info' | 'error'; title: string; description: string };

const styles: Record<StatusBannerData['type'], { icon: typeof Info; className: string }> = {
  success: {
    icon: CircleCheck,
    className:
      'border-green-600/30 bg-green-500/10 text-green-900 dark:text-green-100 [&_svg]:text-green-600 dark:[&_svg]:text-green-400',
  },
  warning: {
    icon: TriangleAlert,
    className:
      'border-amber-500/40 bg-amber-500/10 text-amber-950 dark:text-amber-100 [&_svg]:text-amber-600 dark:[&_svg]:text-amber-400',
  },
  info: {
    icon: Info,
    className:
      'border-sky-500/30 bg-sky-500/10 text-sky-950 dark:text-sky-100 [&_svg]:text-sky-600 dark:[&_svg]:text-sky-400',
  },
  error: {
    icon: CircleAlert,
    className:
      'border-red-500/40 bg-red-500/10 text-red-950 dark:text-red-100 [&_svg]:text-red-600 dark:[&_svg]:text-red-400',
  },
};

type StatusBannerProps = StatusBannerData & { onDismiss?: () => void; action?: ReactNode; className?: string };

export function StatusBanner({ type, title, description, onDismiss, action, className }: StatusBannerProps) {
  const { icon: Icon, className: tone } = styles[type];
  return (
    <div
      role={type === 'error' || type === 'warning' ? 'alert' : 'status'}
      data-type={type}
      className={cn('flex gap-3 rounded-[var(--radius-card)] border p-4 text-sm', tone, className)}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title}</p>
        <p className="mt-0.5 opacity-90">{description}</p>
        {action ? <div className="mt-3">{action}</div> : null}
      </div>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label={`Dismiss ${title}`}
          className="-m-1 h-fit cursor-pointer rounded-[var(--radius-control)] p-1 opacity-70 hover:opacity-100"
        >
          <X className="size-4" aria-hidden />
        </button>
      ) : null}
    </div>
  );
}
