import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import app from './vite.config';

/**
 * A shared demo's page (demo.html, what /shared/:demoId serves), built after the app and on its
 * own: in the app's build it shared its modules with the app's lazy routes and came out as 25
 * small chunks, 30 requests in all, which a phone on HTTP/1.1 fetches six at a time. Built alone
 * it is one script and one stylesheet (docs/decisions/static-assets.md). Its files go into the
 * app's dist folder (which the app's build emptied), its manifest beside the app's.
 */
export default defineConfig({
  ...app,
  build: {
    ...app.build,
    emptyOutDir: false,
    manifest: '.vite/demo-manifest.json',
    rollupOptions: { input: { demo: fileURLToPath(new URL('./demo.html', import.meta.url)) } },
  },
});
