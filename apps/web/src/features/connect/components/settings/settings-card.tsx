import type { ReactNode } from 'react';

/** One titled section of the sub account's Settings page. */
export function SettingsCard(props: { id: string; title: string; description?: ReactNode; children: ReactNode }) {
  const headingId = `${props.id}-heading`;
  return (
    <section aria-labelledby={headingId} className="rounded-[var(--radius-card)] border border-border bg-card p-6">
      <h2 id={headingId} className="text-base font-semibold">
        {props.title}
      </h2>
      {props.description ? <p className="mt-1 text-sm text-muted-foreground">{props.description}</p> : null}
      <div className="mt-5">{props.children}</div>
    </section>
  );
}
