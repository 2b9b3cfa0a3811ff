import { defineConfig } from 'vitest/config';

// Browser end-to-end tests: each file starts the built server on a free port with a fresh data
// folder and drives Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    root: 'e2e',
    include: ['**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two files at a time (each has its own server, data folder and browser): the browser stage took
    // 10 min one file at a time on this 2-core machine at its slowest, most of it waiting. Lighthouse
    // measures speed, so package.json runs it alone first, on a quiet machine (run right after the
    // others it scored 74-82 against 85 while their browsers and servers were still closing).
    fileParallelism: true,
    maxWorkers: 2,
    // On CI one retry of a failed browser test, as Playwright's own CI setting does: on this shared
    // 2-core machine Lighthouse once got no category score under load and passed on the next run.
    // (earn-world's missing dialog was an app bug, fixed in ADR 235, not a reason to retry.) A test
    // failing twice still fails the run.
    retry: process.env.CI ? 1 : 0,
  },
});
