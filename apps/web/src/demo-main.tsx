import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppToaster } from './components/ui/app-toaster';
import { demoKeys } from './features/demos/api/demos-api';
import { createSharedDemoQueryClient } from './features/demos/lib/create-shared-demo-query-client';
import { readSentDemo } from './features/demos/lib/read-sent-demo';
import { SharedDemoView } from './features/demos/routes/shared-demo-view';
import './styles/index.css';

/**
 * The shared demo page's own entry (demo.html, what the server sends for /shared/:demoId): the
 * demo and nothing of the workspace (no router, no sign-in, no app shell, no lazy route to wait
 * for), so a prospect's phone downloads and runs less before the demo shows.
 */
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from demo.html');

const demoId = readDemoId(window.location.pathname);
const isEmbedded = new URLSearchParams(window.location.search).get('embed') === 'true';

const queryClient = createSharedDemoQueryClient();

// The server writes the demo into the page it sends: the first view needs no request of its own.
const sent = readSentDemo(document, demoId);
if (sent) queryClient.setQueryData(demoKeys.shared(demoId), sent);

/** The demo id of /shared/:demoId (as typed when it does not decode: the API then says not found). */
function readDemoId(pathname: string): string {
  const segment = /^\/shared\/([^/?#]+)/.exec(pathname)?.[1] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SharedDemoView demoId={demoId} isEmbedded={isEmbedded} />
      <AppToaster />
    </QueryClientProvider>
  </StrictMode>,
);
