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
    // On CI one retry of a failed browser test, as Playwright's own CI setting does: on this shared
    // 2-core machine a run at half speed timed out once waiting for a dialog (earn-world) and once got
    // no Lighthouse category score (lighthouse), both passing on the next run. A test failing twice
    // still fails the run.
    retry: process.env.CI ? 1 : 0,
  },
});
