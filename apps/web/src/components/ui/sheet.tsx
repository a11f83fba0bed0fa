import { Dialog as SheetPrimitive } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const Sheet = SheetPrimitive.Root;
export const SheetTrigger = SheetPrimitive.Trigger;
export const SheetClose = SheetPrimitive.Close;

const sheetVariants = cva(
  'fixed z-50 flex flex-col gap-4 overflow-y-auto border-border bg-card p-6 text-card-foreground shadow-2xl transition-transform duration-200 ease-out',
  {
    variants: {
      side: {
        right: 'inset-y-0 right-0 h-full w-[min(22rem,100vw-3rem)] border-l starting:translate-x-full',
        left: 'inset-y-0 left-0 h-full w-[min(22rem,100vw-3rem)] border-r starting:-translate-x-full',
        top: 'inset-x-0 top-0 max-h-[85dvh] border-b starting:-translate-y-full',
        bottom: 'inset-x-0 bottom-0 max-h-[85dvh] rounded-t-[var(--radius-card)] border-t starting:translate-y-full',
      },
    },
    defaultVariants: { side: 'right' },
  },
);

type SheetContentProps = ComponentProps<typeof SheetPrimitive.Content> &
  VariantProps<typeof sheetVariants> & {
    hideClose?: boolean;
    overlayClassName?: string;
  };

/** A side drawer: a modal dialog (focus trapped and restored) anchored to one edge. */
export function SheetContent({
  className,
  overlayClassName,
  children,
  side,
  hideClose = false,
  ...props
}: SheetContentProps) {
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay
        className={cn('fixed inset-0 z-50 bg-overlay backdrop-blur-[2px] animate-in', overlayClassName)}
      />
      <SheetPrimitive.Content className={cn(sheetVariants({ side }), className)} {...props}>
        {children}
        {hideClose ? null : (
          <SheetPrimitive.Close
            className="absolute right-3 top-3 cursor-pointer rounded-[var(--radius-control)] p-2 opacity-80 hover:bg-white/10 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
            aria-label="Close"
          >
            <X className="size-5" aria-hidden />
          </SheetPrimitive.Close>
        )}
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export function SheetHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-8', className)} {...props} />;
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof SheetPrimitive.Title>) {
  return <SheetPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}

export function SheetDescription({ className, ...props }: ComponentProps<typeof SheetPrimitive.Description>) {
  return <SheetPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}
