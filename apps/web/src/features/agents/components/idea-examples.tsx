import { CalendarCheck, Dumbbell, Home, type LucideIcon, ShoppingBag, Smile, UtensilsCrossed } from 'lucide-react';

export type IdeaExample = { title: string; icon: LucideIcon; idea: string };

export const ideaExamples: readonly IdeaExample[] = [
  {
    title: 'Dental receptionist',
    icon: Smile,
    idea: 'A friendly receptionist for Bright Smile Dental that answers questions about opening hours, treatments and prices, and helps patients book a check-up.',
  },
  {
    title: 'Real estate lead qualifier',
    icon: Home,
    idea: 'An assistant for a real estate agency that qualifies buyer leads by asking about budget, area, timeline and financing, then offers to book a viewing.',
  },
  {
    title: 'Online store support',
    icon: ShoppingBag,
    idea: 'A support agent for an online shoe store that answers questions about sizing, shipping times and returns, and explains how to track an order.',
  },
  {
    title: 'Restaurant bookings',
    icon: UtensilsCrossed,
    idea: 'A host for an Italian restaurant that answers menu and allergy questions and takes table reservations for up to 12 guests.',
  },
  {
    title: 'Appointment setter',
    icon: CalendarCheck,
    idea: 'An appointment setter for a marketing agency that explains our services, qualifies the prospect and proposes a 30-minute discovery call.',
  },
  {
    title: 'Fitness coach intake',
    icon: Dumbbell,
    idea: 'An intake assistant for a personal trainer that asks about goals, experience and weekly schedule, then recommends the right coaching package.',
  },
];

type IdeaExamplesProps = { onPick: (idea: string) => void; disabled?: boolean };

/** Ideas to start from: a click puts the idea in the box. */
export function IdeaExamples({ onPick, disabled = false }: IdeaExamplesProps) {
  return (
    <section aria-labelledby="idea-examples-heading" className="grid gap-3">
      <h3 id="idea-examples-heading" className="text-sm font-medium text-muted-foreground">
        Or start from an example
      </h3>
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-[repeat(2,minmax(0,1fr))] lg:grid-cols-[repeat(3,minmax(0,1fr))]">
        {ideaExamples.map(({ title, icon: Icon, idea }) => (
          <li key={title}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onPick(idea)}
              aria-label={`Use example: ${title}`}
              className="group flex h-full w-full cursor-pointer flex-col gap-2 rounded-[var(--radius-card)] border border-border bg-card p-4 text-left transition-colors duration-150 hover:border-primary/50 hover:bg-secondary/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50"
            >
              <span className="flex items-center gap-2 text-sm font-medium">
                <span className="flex size-7 items-center justify-center rounded-md bg-secondary text-secondary-foreground transition-colors duration-150 group-hover:bg-primary group-hover:text-primary-foreground">
                  <Icon className="size-4" aria-hidden />
                </span>
                {title}
              </span>
              <span className="line-clamp-3 text-xs leading-relaxed text-muted-foreground">{idea}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
