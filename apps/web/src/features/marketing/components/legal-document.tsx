import type { ReactNode } from 'react';
import { MarketingLayout } from './marketing-layout';

export type LegalSection = { id: string; title: string; body: ReactNode };

type LegalDocumentProps = {
  title: string;
  summary: string;
  /** ISO date, shown as 'Last updated'. */
  updatedOn: string;
  sections: readonly LegalSection[];
};

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** A plain-language legal page with a table of contents. */
export function LegalDocument({ title, summary, updatedOn, sections }: LegalDocumentProps) {
  return (
    <MarketingLayout>
      <title>{`${title} — Agentry`}</title>
      <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-20">
        <header className="border-b border-white/10 pb-8">
          <p className="text-sm font-semibold uppercase tracking-[0.14em] text-accent">Legal</p>
          <h1 className="mt-3 text-3xl font-semibold tracking-tight text-white sm:text-4xl">{title}</h1>
          <p className="mt-3 text-sm text-white/50">
            Last updated <time dateTime={updatedOn}>{dateFormat.format(new Date(`${updatedOn}T00:00:00Z`))}</time>
          </p>
          <p className="mt-6 text-base leading-relaxed text-white/70">{summary}</p>
        </header>

        <nav aria-label="On this page" className="mt-8 rounded-xl border border-white/10 bg-white/[0.03] p-5">
          <h2 className="text-sm font-semibold text-white">On this page</h2>
          <ol className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="rounded text-white/60 hover:text-accent focus-visible:outline-2 focus-visible:outline-accent"
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="mt-10 grid gap-10">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="scroll-mt-24"
            >
              <h2 id={`${section.id}-heading`} className="text-xl font-semibold text-white">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-3 grid gap-3 text-base leading-relaxed text-white/70 [&_a]:text-accent [&_a]:underline [&_a]:underline-offset-2 [&_li]:ml-5 [&_ul]:grid [&_ul]:list-disc [&_ul]:gap-1.5">
                {section.body}
              </div>
            </section>
          ))}
        </div>
      </article>
    </MarketingLayout>
  );
}
