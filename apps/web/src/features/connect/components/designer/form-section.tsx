import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';

/** One card of the designer's form panel. */
export function FormSection({
  title,
  icon: Icon,
  description,
  children,
}: {
  title: string;
  icon: LucideIcon;
  description?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-[var(--radius-card)] border border-border bg-card p-5">
      <div className="mb-4 flex items-start gap-3">
        <span
          aria-hidden
          className="flex size-8 shrink-0 items-center justify-center rounded-[var(--radius-control)] bg-secondary text-secondary-foreground"
        >
          <Icon className="size-4" />
        </span>
        <div>
          <h2 id={headingId} className="text-sm font-semibold leading-8">
            {title}
          </h2>
          {description ? <p className="text-xs text-muted-foreground">{description}</p> : null}
        </div>
      </div>
      <div className="grid gap-4">{children}</div>
    </section>
  );
}

/** A labelled control with an optional hint under it. */
export function Field({
  label,
  htmlFor,
  hint,
  children,
}: {
  label: string;
  htmlFor: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <label htmlFor={htmlFor} className="text-sm font-medium leading-none">
        {label}
      </label>
      {children}
      {hint ? <div className="text-xs text-muted-foreground">{hint}</div> : null}
    </div>
  );
}
