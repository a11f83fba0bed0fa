import { CircleCheckBig } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '../components/link-button';
import { WorkspacePage } from '../components/workspace-page';

/** Only same-site paths are followed, so the query cannot send the user elsewhere. */
function safeReturnPath(returnUrl: string | null) {
  if (!returnUrl) return '/usage';
  try {
    const url = new URL(returnUrl, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : '/usage';
  } catch {
    return '/usage';
  }
}

/** Where checkout returns (query: email, returnUrl). */
export function CheckoutSuccessPage() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email');
  const returnPath = safeReturnPath(searchParams.get('returnUrl'));

  return (
    <WorkspacePage>
      <EmptyState
        icon={CircleCheckBig}
        title="Checkout complete"
        description={
          <>
            Your plan and credits show on Usage as soon as the payment is confirmed.
            {email ? (
              <>
                {' '}
                Purchased with <span className="font-medium text-foreground">{email}</span>.
              </>
            ) : null}
          </>
        }
        action={<LinkButton to={returnPath}>Continue</LinkButton>}
      />
    </WorkspacePage>
  );
}
