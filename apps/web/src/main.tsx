import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { router } from './app/router';
import './styles/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

/**
 * Resolves once the first page's route modules (lazy chunks) have loaded. Rendering before
 * that shows nothing anyway, and <RouterProvider> reads the router's state when it first
 * renders but listens only from its commit: a first page that finished loading in between
 * (seen on a slow phone with the prerendered landing page) would never be shown.
 */
function whenRouterReady() {
  if (router.state.initialized) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

void whenRouterReady().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
