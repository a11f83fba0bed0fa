import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { useConnectAccount } from '../hooks/use-connect-account';
import { connectPath } from '../lib/connect-nav';
import { PlannedChannelPage } from './planned-channel-page';

/**
 * /{connectId}/sms/...: the account sidebar is skipped for any path containing /sms/ (the SMS
 * dashboard has its own full-screen frame). Ours is a slim bar back to the account.
 */
export function SmsPage() {
  const { subaccountId, subaccount } = useConnectAccount();
  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-border bg-card/95 px-4 backdrop-blur">
        <Link
          to={connectPath(subaccountId, 'dashboard')}
          className="inline-flex h-9 items-center gap-2 rounded-[var(--radius-control)] px-2 text-sm text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden />
          Back to {subaccount?.name ?? 'the account'}
        </Link>
        <span className="ml-auto text-sm font-semibold">SMS Dashboard</span>
      </header>
      <PlannedChannelPage channel="sms" />
    </div>
  );
}
