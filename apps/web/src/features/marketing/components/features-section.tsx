import { ClipboardCheck, Coins, MonitorPlay, Rocket, Store, Wand2, type LucideIcon } from 'lucide-react';

type Feature = { icon: LucideIcon; title: string; description: string };

const features: readonly Feature[] = [
  {
    icon: Wand2,
    title: 'Build',
    description:
      'Describe what the agent should do, let AI draft it, then refine prompts, knowledge and tools in the visual agent builder.',
  },
  {
    icon: MonitorPlay,
    title: 'Demo',
    description:
      'Send prospects a shareable demo: your agent as a widget over their own website, or as an SMS or Instagram chat.',
  },
  {
    icon: Rocket,
    title: 'Deploy',
    description: 'Launch as a website chat widget with one script tag, or as an SMS, WhatsApp or Instagram agent.',
  },
  {
    icon: ClipboardCheck,
    title: 'Evaluate',
    description:
      'Generate custom, compliance and prompt-hacking test questions, run them in bulk and score every answer before you ship.',
  },
  {
    icon: Coins,
    title: 'Pay with credits',
    description: 'One credit balance covers building, chatting and testing. See exactly what each client costs you.',
  },
  {
    icon: Store,
    title: 'Trade on the marketplace',
    description: 'Post projects and find new work where agencies and businesses meet (Growth and above).',
  },
];

export function FeaturesSection() {
  return (
    <section
      aria-labelledby="features-heading"
      className="border-y border-white/[0.06] bg-white/[0.015] py-20 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-[0.14em] text-accent">One workspace</p>
          <h2 id="features-heading" className="mt-3 text-3xl font-semibold tracking-tight text-white sm:text-4xl">
            From first prompt to a paying client
          </h2>
          <p className="mt-4 text-base leading-relaxed text-white/65 sm:text-lg">
            Give each client a sub account and run the whole lifecycle of their agents in one place.
          </p>
        </div>
        <ul className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ icon: Icon, title, description }) => (
            <li key={title} className="rounded-2xl border border-white/[0.07] bg-white/[0.03] p-6">
              <span className="flex size-10 items-center justify-center rounded-lg bg-brand/40 text-accent ring-1 ring-accent/20">
                <Icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-4 text-base font-semibold text-white">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-white/60">{description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
