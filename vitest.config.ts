import { configDefaults, defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const webSrc = fileURLToPath(new URL('./apps/web/src', import.meta.url));
const webTests = ['apps/web/src/**/*.test.{ts,tsx}', 'apps/widget/src/**/*.test.{ts,tsx}', 'packages/widget-ui/src/**/*.test.{ts,tsx}'];
/** The test files that call vi.mock; a test added with vi.mock belongs here (the web project would fail it). */
const webTestsWithModuleMocks = [
  'apps/web/src/features/billing/components/pricing-section.test.tsx',
  'apps/web/src/features/billing/components/plan-change-modal.test.tsx',
  'apps/web/src/features/billing/components/upgrade-dialog.test.tsx',
  'apps/web/src/features/billing/routes/usage-page.test.tsx',
];

export default defineConfig({
  test: {
    // Vitest's default leaves a core idle on small machines; the tests wait on I/O (PGlite, HTTP) a lot.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'core',
          include: ['packages/core/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias: { '@': webSrc } },
        test: {
          name: 'web',
          include: webTests,
          exclude: [...configDefaults.exclude, ...webTestsWithModuleMocks],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A lazy route's first import in a worker (transform included) can take seconds on a
          // loaded two-core machine; see also asyncUtilTimeout in the setup file.
          testTimeout: 20_000,
          // One module graph per worker instead of one per file: React, Testing Library and the
          // design system are imported once, which makes this project three times faster. The
          // setup file cleans the DOM and storage after every test.
          isolate: false,
        },
      },
      {
        resolve: { alias: { '@': webSrc } },
        test: {
          // vi.mock replaces a module for its file only, which needs a module graph of its own.
          name: 'web-module-mocks',
          include: webTestsWithModuleMocks,
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A lazy route's first import in a worker (transform included) can take seconds on a
          // loaded two-core machine; see also asyncUtilTimeout in the setup file.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own database; files run in parallel processes. The files of one
          // process share their modules (Fastify, Drizzle, the AI SDK are imported once): every
          // file builds its own app from its own config, so nothing else is shared.
          pool: 'forks',
          isolate: false,
        },
      },
    ],
  },
});
