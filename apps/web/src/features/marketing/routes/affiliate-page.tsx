import { AFFILIATE_SIGNUP_URL } from '../lib/contact';
import { ArrowUpRight, BadgePercent, Link2, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { WorkspacePage } from '@/components/ui/workspace-page';

const steps = [
  {
    icon: Users,
    title: 'Sign up on the affiliate page',
    text: 'The program runs on its own sign-up page. Join there with your e-mail; it takes a minute.',
  },
  {
    icon: Link2,
    title: 'Share your referral link',
    text: 'You get a personal link. Share it with agencies, in your community or under your tutorials.',
  },
  {
    icon: BadgePercent,
    title: 'Earn on their plans',
    text: 'When someone you referred buys a plan, you earn a commission on what they pay. Sign-ups and payouts are tracked on the affiliate page.',
  },
] as const;

/** /affiliate: what the program is, and the way out to its sign-up page. */
export function AffiliatePage() {
  return (
    <WorkspacePage className="grid gap-8">
      <div className="grid gap-3">
        <h2 className="text-2xl font-semibold tracking-tight">Refer agencies, earn on their plans</h2>
        <p className="max-w-2xl text-muted-foreground">
          Know other AI automation agencies? Send them to Agentry with your link and earn a commission on the plans they
          buy.
        </p>
        <Button asChild size="lg" className="justify-self-start">
          <a href={AFFILIATE_SIGNUP_URL} target="_blank" rel="noopener noreferrer">
            Join the program
            <ArrowUpRight aria-hidden />
            <span className="sr-only">(opens the affiliate sign-up page in a new tab)</span>
          </a>
        </Button>
      </div>
      <ol className="grid gap-4 md:grid-cols-3">
        {steps.map(({ icon: Icon, title, text }, index) => (
          <li
            key={title}
            className="grid content-start gap-3 rounded-[var(--radius-card)] border border-border bg-card p-5"
          >
            <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Icon className="size-5" aria-hidden />
            </span>
            <h3 className="font-semibold">
              <span className="text-muted-foreground">{index + 1}. </span>
              {title}
            </h3>
            <p className="text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ol>
      <p className="text-sm text-muted-foreground">
        Questions about a referral or a payout? Ask on the{' '}
        <a href="/support" className="font-medium text-foreground underline underline-offset-4">
          Support Center
        </a>
        .
      </p>
    </WorkspacePage>
  );
}
