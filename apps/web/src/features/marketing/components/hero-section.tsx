import { ArrowRight, Bot, CheckCircle2, Gauge, LayoutDashboard, Send, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { requestSignIn } from '@/lib/sign-in-events';
import { useIsSignedIn } from '../hooks/use-is-signed-in';
import { useSectionLink } from '../hooks/use-section-link';

export function HeroSection() {
  const { isSignedIn, isChecking } = useIsSignedIn();
  const { onSectionClick } = useSectionLink();

  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_70%_-10%,rgb(39_109_100/0.45),transparent_70%),radial-gradient(40rem_24rem_at_0%_10%,rgb(67_192_184/0.12),transparent_70%)]"
      />
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[linear-gradient(to_right,rgb(255_255_255/0.04)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.04)_1px,transparent_1px)] bg-[size:56px_56px] [mask-image:radial-gradient(ellipse_at_top,black_30%,transparent_75%)]"
      />

      <div className="relative mx-auto grid max-w-6xl items-center gap-14 px-4 pb-20 pt-16 sm:px-6 sm:pt-24 lg:grid-cols-[1.05fr_1fr] lg:pb-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/10 bg-white/5 px-3 py-1 text-xs font-medium text-white/75">
            <Sparkles className="size-3.5 text-accent" aria-hidden />
            AI prompt software for AI automation agencies
          </p>
          <h1
            id="hero-heading"
            className="mt-6 text-4xl font-semibold leading-[1.08] tracking-tight text-white sm:text-5xl lg:text-6xl"
          >
            Build, demo and launch AI agents your clients{' '}
            <span className="bg-gradient-to-r from-accent to-emerald-200 bg-clip-text text-transparent">pay for</span>
          </h1>
          <p className="mt-6 max-w-xl text-base leading-relaxed text-white/65 sm:text-lg">
            Agentry is where your agency runs its AI work: build an agent for every client, win the deal with a branded
            demo, deploy it as a website chat widget, and evaluate it automatically before it goes live. Pay only for
            what you use, with credits.
          </p>

          <div className="mt-9 flex flex-col gap-3 min-[420px]:flex-row">
            {isChecking ? (
              <Skeleton className="h-12 w-40 bg-white/10" />
            ) : isSignedIn ? (
              <Link
                to="/agents"
                className={cn(buttonVariants({ size: 'lg' }), 'bg-accent text-ink hover:bg-accent/90')}
              >
                <LayoutDashboard aria-hidden />
                Dashboard
              </Link>
            ) : (
              <Button
                size="lg"
                className="bg-accent text-ink hover:bg-accent/90"
                onClick={() => requestSignIn({ reason: 'user' })}
              >
                Get started
                <ArrowRight aria-hidden />
              </Button>
            )}
            <Link
              to={{ pathname: '/', hash: 'pricing' }}
              onClick={(event) => onSectionClick(event, 'pricing')}
              className={cn(
                buttonVariants({ size: 'lg', variant: 'outline' }),
                'border-white/15 text-white hover:bg-white/10',
              )}
            >
              See pricing
            </Link>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-white/55">
            {['Magic-link sign-in, no password', 'Save 40% with annual billing', 'White-label on Scale'].map((item) => (
              <li key={item} className="flex items-center gap-2">
                <CheckCircle2 className="size-4 text-accent" aria-hidden />
                {item}
              </li>
            ))}
          </ul>
        </div>

        <HeroPreview />
      </div>
    </section>
  );
}

/** An illustration of the product (a widget conversation and an evaluation score); purely decorative. */
function HeroPreview() {
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div className="absolute -inset-6 rounded-[2rem] bg-gradient-to-tr from-brand/30 via-transparent to-accent/10 blur-2xl" />
      <div className="relative overflow-hidden rounded-2xl border border-white/10 bg-[#14161c] shadow-2xl shadow-black/50">
        <div className="flex items-center gap-3 border-b border-white/10 bg-brand px-4 py-3">
          <span className="flex size-8 items-center justify-center rounded-full bg-white/15">
            <Bot className="size-4 text-white" />
          </span>
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-white">Bright Smile Dental · Assistant</p>
            <p className="text-xs text-white/70">Typically replies instantly</p>
          </div>
        </div>
        <div className="grid gap-3 px-4 py-5 text-sm">
          <p className="max-w-[85%] rounded-2xl rounded-tl-sm bg-white/[0.07] px-3.5 py-2.5 text-white/85">
            Hi! I can book cleanings, answer insurance questions and more. How can I help?
          </p>
          <p className="ml-auto max-w-[80%] rounded-2xl rounded-tr-sm bg-accent px-3.5 py-2.5 text-ink">
            Do you have anything Thursday afternoon?
          </p>
          <p className="max-w-[85%] rounded-2xl rounded-tl-sm bg-white/[0.07] px-3.5 py-2.5 text-white/85">
            Thursday has 2:30 pm and 4:15 pm open with Dr. Patel. Shall I hold 2:30 for you?
          </p>
          <div className="flex gap-2 pt-1">
            {['Book 2:30 pm', 'Other times'].map((reply) => (
              <span key={reply} className="rounded-full border border-accent/40 px-3 py-1 text-xs text-accent">
                {reply}
              </span>
            ))}
          </div>
        </div>
        <div className="flex items-center gap-2 border-t border-white/10 px-4 py-3">
          <span className="h-9 flex-1 rounded-full bg-white/5 px-4 text-sm leading-9 text-white/35">
            Type a message…
          </span>
          <span className="flex size-9 items-center justify-center rounded-full bg-brand">
            <Send className="size-4 text-white" />
          </span>
        </div>
      </div>

      <div className="absolute -bottom-6 -left-2 hidden w-56 rounded-xl border border-white/10 bg-[#17191f]/95 p-4 shadow-xl backdrop-blur sm:block lg:-left-10">
        <div className="flex items-center gap-2 text-xs font-medium text-white/60">
          <Gauge className="size-4 text-accent" />
          Evaluation run · 120 questions
        </div>
        <p className="mt-2 text-2xl font-semibold text-white">94%</p>
        <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-white/10">
          <div className="h-full w-[94%] rounded-full bg-accent" />
        </div>
        <p className="mt-2 text-xs text-white/50">Ready to deploy</p>
      </div>

      <div className="absolute -right-2 -top-5 hidden rounded-xl border border-white/10 bg-[#17191f]/95 px-4 py-3 shadow-xl backdrop-blur sm:block lg:-right-6">
        <p className="text-xs text-white/55">Credits remaining</p>
        <p className="mt-0.5 text-lg font-semibold text-white">
          2,740 <span className="text-sm font-normal text-white/45">/ 3,000</span>
        </p>
      </div>
    </div>
  );
}
