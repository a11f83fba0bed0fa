import { FlaskConical, History, KeyRound, Plus, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';

type QuickAction = { to: string; title: string; description: string; icon: LucideIcon };

const createAgent: QuickAction = {
  to: '/agents/create',
  title: 'Create an agent',
  description: 'Describe it and Agentry drafts it for you',
  icon: Plus,
};

const everyoneActions: QuickAction[] = [
  {
    to: '/new-evaluation',
    title: 'Run an evaluation',
    description: 'Test an agent with simulated conversations',
    icon: FlaskConical,
  },
  {
    to: '/dashboard',
    title: 'Past evaluations',
    description: 'Scores and transcripts in the Bulk Tester',
    icon: History,
  },
  // The "No OpenAI API key found" dialog sends users here (/build), so the way to add a key starts here too.
  {
    to: '/settings#provider-keys',
    title: 'API keys',
    description: 'Run agents on your own provider key',
    icon: KeyRound,
  },
];

/** The hub's shortcuts; viewers cannot create agents, so they do not see that one. */
export function QuickActions({ canCreate }: { canCreate: boolean }) {
  const actions = canCreate ? [createAgent, ...everyoneActions] : everyoneActions;
  return (
    <nav aria-label="Quick actions">
      <ul className="grid grid-cols-[repeat(2,minmax(0,1fr))] gap-3 lg:grid-cols-[repeat(4,minmax(0,1fr))]">
        {actions.map((action) => (
          <li key={action.to}>
            <QuickActionLink action={action} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A card-sized link: the title alone names it, the line under it describes it. */
function QuickActionLink({ action }: { action: QuickAction }) {
  const id = useId();
  const Icon = action.icon;
  return (
    <Link
      to={action.to}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      className="flex h-full items-center gap-3 rounded-[var(--radius-card)] border border-border bg-card p-3 sm:p-4 transition-[border-color,box-shadow] duration-150 hover:border-primary/50 hover:shadow-md focus-visible:border-primary/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <span
        aria-hidden
        className="flex size-9 shrink-0 sm:size-10 items-center justify-center rounded-[var(--radius-control)] bg-secondary text-secondary-foreground"
      >
        <Icon className="size-5" />
      </span>
      <span className="min-w-0 leading-tight">
        <span id={`${id}-title`} className="block text-sm font-semibold">
          {action.title}
        </span>
        <span id={`${id}-description`} className="mt-0.5 hidden text-xs text-muted-foreground sm:block">
          {action.description}
        </span>
      </span>
    </Link>
  );
}
