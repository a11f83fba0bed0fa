import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:3000';
// Every server-owned path prefix; the dev server forwards them to the API.
// Anchored at a segment boundary so '/api' does not also catch the '/apitester' page.
const serverPrefixes = [
  '/api',
  '/auth/check-access',
  '/stripe',
  '/templates',
  '/questiongenerator',
  '/widget',
  '/widget-assets',
  '/v1',
  '/webhook',
  '/media',
  '/files',
];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      serverPrefixes.map((prefix) => [`^${prefix}(/|$|\\?)`, { target: apiTarget, changeOrigin: false }]),
    ),
  },
  // The manifest names every chunk's imports: scripts/check-landing-bundle.mjs reads it.
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 900,
    // The app (index.html). A shared demo's page (demo.html) is built on its own by vite.demo.config.ts.
    rollupOptions: { input: { index: fileURLToPath(new URL('./index.html', import.meta.url)) } },
  },
});
