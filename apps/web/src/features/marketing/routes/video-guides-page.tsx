import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { WorkspacePage } from '@/components/ui/workspace-page';

type Guide = {
  id: string;
  title: string;
  summary: string;
  steps: string[];
  image: string;
  imageAlt: string;
  cta: { to: string; label: string };
};

/** The product's own short walkthroughs, each with a screenshot of the screen it is about. */
const guides: readonly Guide[] = [
  {
    id: 'build',
    title: '1. Build your first agent',
    summary: 'An agent is a name, instructions and a model. Everything else builds on it.',
    steps: [
      'Open Build Agents and choose Create agent.',
      'Name it, paste what it should know and how it should answer (opening hours, prices, tone).',
      'Pick a model and save. Try it at once in the test chat beside the form.',
    ],
    image: '/guides/agents-create.png',
    imageAlt: 'The create-agent form with instructions and the model picker',
    cta: { to: '/agents/create', label: 'Build an agent' },
  },
  {
    id: 'demo',
    title: '2. Show it to a client with a demo',
    summary: 'A demo is a shareable page that looks like the channel your client will use.',
    steps: [
      'In Demo Agents choose Create demo, pick the agent and a look: website, SMS, Facebook, Instagram or a plain chat.',
      'Set the name, welcome message, colours and logo; the live preview follows every change.',
      'Share copies the /shared link. Clients chat without signing in, up to the request limit you set.',
    ],
    image: '/guides/demo-editor.png',
    imageAlt: 'The demo editor with its settings form and the live preview',
    cta: { to: '/demo', label: 'Create a demo' },
  },
  {
    id: 'website',
    title: '3. What the client sees',
    summary: 'The website demo puts the real chat widget on a page, over the client’s own site when it allows it.',
    steps: [
      'The launcher sits in the corner you chose; the chat opens with your welcome message and suggested replies.',
      'The counter shows how many of the demo’s requests are used.',
      'At the limit the chat says so and stops taking messages: reset the counter or raise the limit in the editor.',
    ],
    image: '/guides/demo-website.png',
    imageAlt: 'A shared website demo with the chat widget open',
    cta: { to: '/demo', label: 'Open your demos' },
  },
  {
    id: 'launch',
    title: '4. Launch the widget on a website',
    summary: 'When the client says yes, the same agent goes live on their site.',
    steps: [
      'In Launch Agents add a website widget and design it: theme, texts, logo, size and placement.',
      'List the domains it may run on.',
      'Copy the one-line snippet into the site. Conversations appear in the dashboard.',
    ],
    image: '/guides/connect-designer.png',
    imageAlt: 'The widget designer with its live preview',
    cta: { to: '/connect', label: 'Launch an agent' },
  },
  {
    id: 'install',
    title: '5. Install the snippet',
    summary: 'One script tag, before the closing body tag, on every page that should show the chat.',
    steps: [
      'Copy the snippet from the install step.',
      'Paste it into the site (or the site builder’s custom code field) and publish.',
      'Open the site: the launcher appears in its corner. A domain not on the list shows nothing.',
    ],
    image: '/guides/connect-install.png',
    imageAlt: 'The install step with the embed snippet',
    cta: { to: '/connect', label: 'Get the snippet' },
  },
  {
    id: 'test',
    title: '6. Test it in bulk before clients do',
    summary: 'The Bulk Tester asks your agent many questions at once and grades every answer.',
    steps: [
      'Generate questions (industry, angry customers, compliance, prompt hacking) or upload your own.',
      'Run the evaluation and follow it live.',
      'Read the results: pass rate, each conversation, and what failed and why. Fix the instructions and run again.',
    ],
    image: '/guides/evaluation-results.png',
    imageAlt: 'Evaluation results with the pass rate and the list of conversations',
    cta: { to: '/dashboard', label: 'Open the Bulk Tester' },
  },
  {
    id: 'marketplace',
    title: '7. Find work on the marketplace',
    summary: 'Businesses post what they need; agencies offer what they build.',
    steps: [
      'Browse the projects by type, category and budget; anyone can look.',
      'Post a project in ten short steps. Posting and replying need a plan with marketplace access.',
      'Answer a project with a message; its author gets it by e-mail.',
    ],
    image: '/guides/marketplace-desktop.png',
    imageAlt: 'The marketplace listing with filters and project cards',
    cta: { to: '/marketplace', label: 'Open the marketplace' },
  },
];

/** /howitworks: short walkthroughs of the product, as text and screenshots. */
export function VideoGuidesPage() {
  return (
    <WorkspacePage className="grid gap-10">
      <div className="grid gap-2">
        <h2 className="text-2xl font-semibold tracking-tight">From first agent to live widget</h2>
        <p className="max-w-2xl text-muted-foreground">
          Seven short walkthroughs, in the order most agencies need them. Each takes a few minutes.
        </p>
        <nav aria-label="Guides" className="mt-2">
          <ul className="flex flex-wrap gap-2">
            {guides.map((guide) => (
              <li key={guide.id}>
                <a
                  href={`#${guide.id}`}
                  className="inline-flex rounded-full border border-border px-3 py-1 text-sm text-muted-foreground transition-colors duration-150 hover:border-primary/50 hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2"
                >
                  {guide.title.replace(/^\d+\. /, '')}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {guides.map((guide) => (
        <article
          key={guide.id}
          id={guide.id}
          aria-labelledby={`${guide.id}-title`}
          className="grid scroll-mt-24 gap-6 rounded-[var(--radius-card)] border border-border bg-card p-5 sm:p-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start"
        >
          <div className="grid gap-3">
            <h3 id={`${guide.id}-title`} className="text-lg font-semibold tracking-tight">
              {guide.title}
            </h3>
            <p className="text-sm text-muted-foreground">{guide.summary}</p>
            <ol className="grid list-decimal gap-2 pl-5 text-sm">
              {guide.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <Link
              to={guide.cta.to}
              className="mt-1 inline-flex items-center gap-1 justify-self-start rounded text-sm font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-offset-2"
            >
              {guide.cta.label}
              <ArrowRight className="size-4" aria-hidden />
            </Link>
          </div>
          <img
            src={guide.image}
            alt={guide.imageAlt}
            loading="lazy"
            width={1280}
            height={800}
            className="h-auto w-full rounded-[var(--radius-control)] border border-border"
          />
        </article>
      ))}
    </WorkspacePage>
  );
}
