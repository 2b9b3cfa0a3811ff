import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every unit, property and API integration test. Browser end-to-end tests live in
// e2e/ with their own config because they need the built app and a running server.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on this 2-core CI machine,
    // which left a core idle while server tests wait on PostgreSQL, NATS and child processes.
    // Two workers there: unit and API tests 17 min 45 s -> 11 min 55 s on the same slow day.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'core', root: 'packages/core', include: ['test/**/*.test.ts'] } },
      // The repository's own rules (the layer rule of docs/architecture.md).
      { test: { name: 'repo', root: 'scripts', include: ['test/**/*.test.ts'] } },
      { test: { name: 'contract', root: 'packages/contract', include: ['test/**/*.test.ts'] } },
      { test: { name: 'i18n', root: 'packages/i18n', include: ['test/**/*.test.ts'] } },
      { test: { name: 'sdk', root: 'packages/sdk', include: ['test/**/*.test.ts'] } },
      {
        test: {
          name: 'verify-liabilities',
          root: 'packages/verify-liabilities',
          include: ['test/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          // One migrated PGlite per run, dumped to a file that each test's PGlite starts from.
          globalSetup: ['test/helpers/pglite-template.ts'],
          // A worker keeps its loaded modules from one server test file to the next (ADR 234):
          // loading Fastify, the app and its dependencies again cost about 5 s per file, half of
          // the server stage on the 2-core CI machine. Each file still builds its own app and
          // databases, and undoes its env stubs itself.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['../../scripts/test/dom-setup.ts', 'test/setup-toast.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'admin',
          root: 'apps/admin',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['../../scripts/test/dom-setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
