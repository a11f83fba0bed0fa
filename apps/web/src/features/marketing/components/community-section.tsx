import { ArrowUpRight, HandCoins, LifeBuoy, PlayCircle, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { SectionHeading } from './section-heading';

type CommunityLink = { to: string; icon: LucideIcon; title: string; description: string; cta: string };

const links: readonly CommunityLink[] = [
  {
    to: '/howitworks',
    icon: PlayCircle,
    title: 'Video guides',
    description:
      'Short walkthroughs of building, demoing and deploying your first agents, from setup to a live widget.',
    cta: 'Watch the guides',
  },
  {
    to: '/affiliate',
    icon: HandCoins,
    title: 'Affiliate program',
    description: 'Know other agencies? Refer them to Agentry and earn a commission on the plans they buy.',
    cta: 'Join the program',
  },
  {
    to: '/support',
    icon: LifeBuoy,
    title: 'Support',
    description: 'Stuck on a build, a widget or a bill? Ask us and we will help you get unstuck.',
    cta: 'Get support',
  },
];

export function CommunitySection() {
  return (
    <section
      id="community"
      tabIndex={-1}
      aria-labelledby="community-heading"
      className="scroll-mt-20 pb-24 pt-16 outline-none sm:pb-28 sm:pt-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="community-heading"
          eyebrow="Community"
          title="Learn, earn and get help"
          description="You are not building your AI agency alone."
        />
        <ul className="mt-12 grid gap-4 md:grid-cols-3">
          {links.map(({ to, icon: Icon, title, description, cta }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full flex-col rounded-2xl border border-white/[0.08] bg-white/[0.03] p-6 transition-colors duration-150 hover:border-accent/40 hover:bg-white/[0.05] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
              >
                <span className="flex size-10 items-center justify-center rounded-lg bg-white/[0.06] text-accent">
                  <Icon className="size-5" aria-hidden />
                </span>
                <h3 className="mt-4 text-base font-semibold text-white">{title}</h3>
                <p className="mt-2 flex-1 text-sm leading-relaxed text-white/60">{description}</p>
                <span className="mt-5 inline-flex items-center gap-1 text-sm font-medium text-accent">
                  {cta}
                  <ArrowUpRight
                    className="size-4 transition-transform duration-150 group-hover:-translate-y-0.5 group-hover:translate-x-0.5"
                    aria-hidden
                  />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
