import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const webSrc = path.join(root, 'apps/web/src');
const webTestRoots = ['apps/web/src', 'apps/widget/src', 'packages/widget-ui/src'];
const webTests = webTestRoots.map((folder) => `${folder}/**/*.test.{ts,tsx}`);

/**
 * The web test files that call vi.mock. vi.mock replaces a module for its own file only, which
 * needs a module graph of its own, so these run in the `web-module-mocks` project.
 */
const webTestsWithModuleMocks = webTestRoots.flatMap((folder) =>
  fs
    .readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter(
      (file) =>
        /\.test\.tsx?$/.test(file) && fs.readFileSync(path.join(root, folder, file), 'utf8').includes('vi.mock('),
    )
    .map((file) => `${folder}/${file.split(path.sep).join('/')}`),
);

/** jsdom, the `@` alias and the setup file that cleans the DOM and storage after every test. */
const webProject = (test: NonNullable<TestProjectInlineConfiguration['test']>): TestProjectInlineConfiguration => ({
  resolve: { alias: { '@': webSrc } },
  test: {
    environment: 'jsdom',
    setupFiles: ['apps/web/src/test/setup.ts'],
    // A lazy route's first import in a worker (transform included) can take seconds on a
    // loaded two-core machine; see also asyncUtilTimeout in the setup file.
    testTimeout: 20_000,
    ...test,
  },
});

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
      webProject({
        name: 'web',
        include: webTests,
        exclude: [...configDefaults.exclude, ...webTestsWithModuleMocks],
        // One module graph per worker instead of one per file: React, Testing Library and the
        // design system are imported once, which makes this project three times faster.
        isolate: false,
      }),
      webProject({ name: 'web-module-mocks', include: webTestsWithModuleMocks }),
      {
        test: {
          // Checks of the repository's own tooling, such as the ESLint import rules.
          name: 'tooling',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
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
          // process share their modules (Fastify, Drizzle, the AI SDK are imported once); every
          // file builds its own app from its own config, and module-level caches (the provider
          // model cache) are keyed by that config.
          pool: 'forks',
          isolate: false,
        },
      },
    ],
  },
});
