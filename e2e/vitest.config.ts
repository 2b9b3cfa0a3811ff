import { defineConfig } from 'vitest/config';

// Browser end-to-end tests: each file starts the built server on a free port with a fresh data
// folder and drives Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    root: 'e2e',
    include: ['**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
