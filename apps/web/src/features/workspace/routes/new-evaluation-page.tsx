import { Bot, ChevronRight, MessageSquareText } from 'lucide-react';
import { Link } from 'react-router';
import { WorkspacePage } from '../components/workspace-page';

const evaluationTypes = [
  {
    to: '/new-evaluation/openai-assistants',
    icon: Bot,
    title: 'OpenAI assistant',
    description: 'Evaluate an assistant you built on the OpenAI Assistants API.',
  },
  {
    to: '/new-evaluation/openai-chatcompletion',
    icon: MessageSquareText,
    title: 'Chat completion',
    description: 'Evaluate a prompt and model called through chat completions.',
  },
] as const;

/** The first step of a new evaluation: which kind of AI assistant is tested. */
export function NewEvaluationPage() {
  return (
    <WorkspacePage className="max-w-3xl">
      <h2 className="text-lg font-semibold">What do you want to evaluate?</h2>
      <p className="mt-1 text-sm text-muted-foreground">Your own API key is used for the run, so token usage matters.</p>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2">
        {evaluationTypes.map(({ to, icon: Icon, title, description }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full items-start gap-3 rounded-[var(--radius-card)] border border-border bg-card p-4 transition-colors duration-150 hover:border-primary/60 hover:bg-muted"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
                <Icon className="size-5" aria-hidden />
              </span>
              <span className="flex-1">
                <span className="block font-medium">{title}</span>
                <span className="mt-1 block text-sm text-muted-foreground">{description}</span>
              </span>
              <ChevronRight className="mt-2 size-4 text-muted-foreground transition-transform duration-150 group-hover:translate-x-0.5" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </WorkspacePage>
  );
}
