import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CampaignChannel } from '@agentry/core/campaigns';
import { useCampaignArea } from '../lib/use-campaign-area';

/**
 * The frame of the campaign pages. SMS pages have no account sidebar (the SMS area is full
 * screen), so they get a slim bar back to the account; WhatsApp pages sit in the sidebar layout.
 */
export function CampaignsFrame({ channel, children }: { channel: CampaignChannel; children: ReactNode }) {
  const { subaccountId, subaccount } = useCampaignArea();
  const body = <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-6 sm:px-8 lg:py-10">{children}</div>;
  if (channel === 'whatsapp') return body;
  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-border bg-card/95 px-4 backdrop-blur">
        <Link
          to={`/${encodeURIComponent(subaccountId)}/dashboard`}
          className="inline-flex h-9 min-w-0 items-center gap-2 rounded-[var(--radius-control)] px-2 text-sm text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <ArrowLeft className="size-4 shrink-0" aria-hidden />
          <span className="truncate">Back to {subaccount?.name ?? 'the account'}</span>
        </Link>
        <span className="ml-auto shrink-0 text-sm font-semibold">SMS Dashboard</span>
        <Link
          to={`/${encodeURIComponent(subaccountId)}/sms/connections`}
          className="inline-flex h-9 shrink-0 items-center rounded-[var(--radius-control)] px-2 text-sm text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          Connections
        </Link>
      </header>
      {body}
    </div>
  );
}
