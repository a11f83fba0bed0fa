import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { useSectionLink } from '../hooks/use-section-link';
import { AFFILIATE_SIGNUP_URL, SUPPORT_EMAIL } from '../lib/contact';
import { landingSections } from '../lib/sections';
import { AgentryLogo } from '@/components/agentry-logo';

const footerLinkClass =
  'rounded text-sm text-white/60 transition-colors duration-150 hover:text-white focus-visible:outline-2 focus-visible:outline-accent';

export function MarketingFooter() {
  const { onSectionClick } = useSectionLink();
  return (
    <footer className="border-t border-white/10 bg-black/20">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div>
          <Link
            to="/"
            aria-label="Agentry home"
            className="inline-flex rounded focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent"
          >
            <AgentryLogo />
          </Link>
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-white/60">
            AI prompt software for AI automation agencies
          </p>
        </div>

        <nav aria-label="Product">
          <h2 className="text-sm font-semibold text-white">Product</h2>
          <ul className="mt-4 grid gap-3">
            {landingSections.map((section) => (
              <li key={section.id}>
                <Link
                  to={{ pathname: '/', hash: section.id }}
                  onClick={(event) => onSectionClick(event, section.id)}
                  className={footerLinkClass}
                >
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-label="Company">
          <h2 className="text-sm font-semibold text-white">Company</h2>
          <ul className="mt-4 grid gap-3">
            <li>
              <Link to="/terms" className={footerLinkClass}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy" className={footerLinkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <a
                href={AFFILIATE_SIGNUP_URL}
                target="_blank"
                rel="noopener noreferrer"
                className={cn(footerLinkClass, 'inline-flex items-center gap-1')}
              >
                Affiliate Program
                <ExternalLink className="size-3.5" aria-hidden />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold text-white">Support</h2>
          <p className="mt-4 text-sm text-white/60">Questions about your account or a bill?</p>
          <a
            href={`mailto:${SUPPORT_EMAIL}`}
            className={cn(footerLinkClass, 'mt-2 inline-block font-medium text-accent hover:text-accent/80')}
          >
            {SUPPORT_EMAIL}
          </a>
        </div>
      </div>
      <div className="border-t border-white/[0.06]">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-white/40 sm:px-6">
          © {new Date().getFullYear()} Agentry. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
