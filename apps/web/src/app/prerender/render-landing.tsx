import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { sessionQueryKey } from '@/lib/session';
import { LandingPage } from '../pages/landing-page';
import { bootLanding } from './boot-landing';

export { bootLanding };

/**
 * The landing page's markup as a signed-out visitor sees it before the prices arrive (the
 * build's prerender step; never part of the browser bundle): Sign in and Get started are
 * buttons, the plan cards are loading. The document title stays index.html's own.
 */
export function renderLanding(): string {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionQueryKey, null);
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <StaticRouter location="/">
        <LandingPage />
      </StaticRouter>
    </QueryClientProvider>,
  );
  queryClient.clear();
  return html.replace(/<title>[^<]*<\/title>/g, '');
}
