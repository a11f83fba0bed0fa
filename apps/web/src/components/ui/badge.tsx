import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-medium leading-5 [&_svg]:size-3 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-secondary text-secondary-foreground',
        outline: 'border-border text-foreground',
        active: 'border-emerald-600/25 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
        inactive: 'border-slate-500/25 bg-slate-500/10 text-slate-600 dark:text-slate-300',
        pending: 'border-amber-500/30 bg-amber-500/10 text-amber-700 dark:text-amber-300',
        admin: 'border-violet-500/30 bg-violet-500/10 text-violet-700 dark:text-violet-300',
        viewer: 'border-sky-500/30 bg-sky-500/10 text-sky-700 dark:text-sky-300',
        success: 'border-green-600/25 bg-green-500/10 text-green-700 dark:text-green-300',
        error: 'border-red-500/30 bg-red-500/10 text-red-700 dark:text-red-300',
        warning: 'border-orange-500/30 bg-orange-500/10 text-orange-700 dark:text-orange-300',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type BadgeProps = ComponentProps<'span'> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
