import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { LandingPage } from '../pages/landing-page';

/**
 * The landing page's markup as a signed-out first visit sees it before any data arrives
 * (the build's prerender step; never part of the browser bundle). The document title stays
 * index.html's own.
 */
export function renderLanding(): string {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
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
