import { landingIntegrations } from '@agentry/core/brand-icons';
import { BrandIcon } from './brand-icon';
import { SectionHeading } from './section-heading';

export function IntegrationsSection() {
  return (
    <section
      id="integrations"
      tabIndex={-1}
      aria-labelledby="integrations-heading"
      className="scroll-mt-20 py-16 outline-none sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="integrations-heading"
          eyebrow="Integrations"
          title="Plugs into the tools your clients already use"
          description="Connect agents to inboxes, calendars, CRMs, stores and messaging apps, and launch them on SMS, WhatsApp, Instagram or any website."
        />
        <ul className="mt-12 grid grid-cols-3 gap-2.5 sm:gap-3 md:grid-cols-4 lg:grid-cols-6">
          {landingIntegrations.map((name) => (
            <li
              key={name}
              className="flex flex-col items-center gap-2 rounded-xl border border-white/[0.07] bg-white/[0.03] px-2 py-3.5 text-center transition-colors sm:flex-row sm:gap-3 sm:px-4 sm:text-left duration-150 hover:border-white/15 hover:bg-white/[0.06]"
            >
              <BrandIcon name={name} className="size-6 shrink-0" />
              <span className="min-w-0 text-xs font-medium leading-tight text-white/85 sm:text-sm">{name}</span>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-center text-xs text-white/40">
          Product names and logos are trademarks of their respective owners.
        </p>
      </div>
    </section>
  );
}
