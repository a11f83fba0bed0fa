import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, type ButtonProps } from '@/components/ui/button';

type LinkButtonProps = { to: string; children: ReactNode } & Pick<ButtonProps, 'variant' | 'size' | 'className'>;

/** A router link styled as a button (the one action of an empty state). */
export function LinkButton({ to, children, ...buttonProps }: LinkButtonProps) {
  return (
    <Button asChild {...buttonProps}>
      <Link to={to}>{children}</Link>
    </Button>
  );
}
