import { demoMessages } from '@agentry/core/demo-rules';
import { useQuery } from '@tanstack/react-query';
import { Globe, Lightbulb } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { checkEmbeddableQuery } from '../api/demos-api';
import { useMediaQuery } from '../hooks/use-media-query';

type WebsiteBackgroundProps = {
  url: string;
  template: 'professional' | 'legacy';
  /** Visitors check through the demo (the server checks that demo's own address). */
  demoId?: string;
  backgroundColor: string;
};

/**
 * docs/product/demos.md#looks-demo-types, background preview of the website demo: the site in an iframe behind the widget
 * (professional template, wider screens), decided by POST /api/check-embeddable: loading,
 * embeddable (iframe), not embeddable or refused (fallback card); a check that could not run
 * still tries the iframe.
 */
export function WebsiteBackground({ url, template, demoId, backgroundColor }: WebsiteBackgroundProps) {
  const isWide = useMediaQuery('(min-width: 768px)');
  const wantsLiveSite = url.trim() !== '' && template === 'professional' && isWide;
  const check = useQuery({ ...checkEmbeddableQuery({ url, demoId }), enabled: wantsLiveSite });

  if (!wantsLiveSite) return <MockWebsite backgroundColor={backgroundColor} />;
  if (check.isPending) {
    return (
      <div
        role="status"
        className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-white/80"
        style={{ backgroundColor }}
      >
        <Spinner />
        {demoMessages.loadingWebsitePreview}
      </div>
    );
  }
  // The server refusing the address (private, loopback, not http) is a 'no' as well; only a check
  // that could not run (network, 5xx) leaves the decision to the browser.
  const isRefused =
    check.error instanceof ApiError &&
    check.error.status >= 400 &&
    check.error.status < 500 &&
    check.error.status !== 429;
  if (check.data?.embeddable === false || isRefused) return <NotEmbeddableCard backgroundColor={backgroundColor} />;
  return (
    <iframe
      title="Website preview"
      src={url}
      className="absolute inset-0 size-full border-0 bg-white"
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
      referrerPolicy="no-referrer"
    />
  );
}

function NotEmbeddableCard({ backgroundColor }: { backgroundColor: string }) {
  return (
    <div className="absolute inset-0 flex items-center justify-center overflow-y-auto p-6" style={{ backgroundColor }}>
      <div
        role="note"
        aria-label="Website preview unavailable"
        className="w-full max-w-md rounded-2xl border border-white/10 bg-white p-6 text-slate-900 shadow-2xl"
      >
        <span className="flex size-11 items-center justify-center rounded-full bg-amber-100 text-amber-700">
          <Globe className="size-5" aria-hidden />
        </span>
        <h2 className="mt-4 text-base font-semibold">{demoMessages.notEmbeddableTitle}</h2>
        <p className="mt-2 text-sm leading-relaxed text-slate-600">{demoMessages.notEmbeddableBody}</p>
        <p className="mt-4 flex gap-2 rounded-lg bg-slate-50 p-3 text-xs leading-relaxed text-slate-600">
          <Lightbulb className="mt-px size-4 shrink-0 text-amber-600" aria-hidden />
          <span>
            <span className="font-semibold text-slate-800">Tip:</span> some websites block being shown inside other
            pages (X-Frame-Options or Content-Security-Policy frame-ancestors). Try another page of the site, or show
            the demo on a plain background.
          </span>
        </p>
      </div>
    </div>
  );
}

/** A neutral page sketch so the widget sits on something that reads as a website. */
function MockWebsite({ backgroundColor }: { backgroundColor: string }) {
  return (
    <div aria-hidden className="absolute inset-0 overflow-hidden p-6 sm:p-10" style={{ backgroundColor }}>
      <div className="mx-auto flex max-w-3xl flex-col gap-6 opacity-60">
        <div className="flex items-center justify-between">
          <div className="h-4 w-24 rounded-full bg-white/25" />
          <div className="flex gap-3">
            {[0, 1, 2].map((index) => (
              <div key={index} className="h-3 w-12 rounded-full bg-white/15" />
            ))}
          </div>
        </div>
        <div className="mt-6 h-8 w-3/4 rounded-lg bg-white/20" />
        <div className="h-4 w-2/3 rounded-full bg-white/10" />
        <div className="h-4 w-1/2 rounded-full bg-white/10" />
        <div className="mt-4 grid grid-cols-3 gap-4">
          {[0, 1, 2].map((index) => (
            <div key={index} className="h-28 rounded-xl bg-white/10" />
          ))}
        </div>
      </div>
    </div>
  );
}
