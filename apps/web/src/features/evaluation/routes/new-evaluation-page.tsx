import { Bot, ChevronRight, History, MessageSquareText } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EvaluationPage } from '../components/evaluation-page';
import { KeySourceNotice } from '../components/key-source-notice';
import { useKeySource } from '../hooks/use-key-source';

const evaluationTypes = [
  {
    to: '/new-evaluation/openai-assistants',
    icon: Bot,
    title: 'One of your agents',
    description: 'Test an agent of this sub account exactly as it answers visitors: its instructions, model and tools.',
  },
  {
    to: '/new-evaluation/openai-chatcompletion',
    icon: MessageSquareText,
    title: 'Chat completion',
    description: 'Test a model with a system prompt and sampling settings before you build an agent from them.',
  },
] as const;

/** `/new-evaluation`: the first step of a new evaluation, what is tested. */
export function NewEvaluationPage() {
  const keySource = useKeySource();
  return (
    <EvaluationPage className="grid max-w-3xl gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="text-xl font-semibold">What do you want to evaluate?</h2>
          <p className="text-sm text-muted-foreground">
            Simulated users ask your questions; a judge scores every answer against your success criteria.
          </p>
        </div>
        <Button variant="ghost" size="sm" asChild>
          <Link to="/dashboard">
            <History aria-hidden />
            Past evaluations
          </Link>
        </Button>
      </div>
      <KeySourceNotice source={keySource} />
      <ul className="grid gap-3 sm:grid-cols-2">
        {evaluationTypes.map(({ to, icon: Icon, title, description }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full items-start gap-3 rounded-[var(--radius-card)] border border-border bg-card p-4 transition-colors duration-150 hover:border-primary/60 hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
                <Icon className="size-5" aria-hidden />
              </span>
              <span className="flex-1">
                <span className="block font-medium">{title}</span>
                <span className="mt-1 block text-sm text-muted-foreground">{description}</span>
              </span>
              <ChevronRight
                className="mt-2 size-4 text-muted-foreground transition-transform duration-150 group-hover:translate-x-0.5"
                aria-hidden
              />
            </Link>
          </li>
        ))}
      </ul>
    </EvaluationPage>
  );
}
