import { LifeBuoy, Mail } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { WorkspacePage } from '@/components/ui/workspace-page';

export const SUPPORT_EMAIL = 'support@agentry.dev';

export function SupportPage() {
  return (
    <WorkspacePage>
      <EmptyState
        icon={LifeBuoy}
        title="How can we help?"
        description={
          <>
            Write to{' '}
            <a className="font-medium text-foreground underline underline-offset-4" href={`mailto:${SUPPORT_EMAIL}`}>
              {SUPPORT_EMAIL}
            </a>{' '}
            with what you were doing and any reference code an error showed you. We answer by e-mail.
          </>
        }
        action={
          <Button asChild>
            <a href={`mailto:${SUPPORT_EMAIL}`}>
              <Mail aria-hidden />
              Email support
            </a>
          </Button>
        }
      />
    </WorkspacePage>
  );
}
