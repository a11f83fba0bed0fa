import { defineConfig } from 'vitest/config';

// Browser tests: Debian's Chromium (playwright-core) against the built product.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // One server, one browser per file; files run one after another to keep the machine calm.
    fileParallelism: false,
  },
});
