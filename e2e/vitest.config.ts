import { defineConfig } from 'vitest/config';

// Browser tests: Debian's Chromium (playwright-core) against the built product.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    // A browser test that fails is run once more, and the CI summary names it (scripts/test-summary.mjs):
    // a failure seen once in a full run and not reproduced in isolation (an unexplained stall of the
    // settings lock test) must not hide the rest of the run; one failing twice fails the run.
    retry: 1,
    hookTimeout: 90_000,
    // One server, one browser per file; files run one after another to keep the machine calm.
    fileParallelism: false,
  },
});
