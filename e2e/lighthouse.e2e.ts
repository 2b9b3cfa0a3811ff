// Lighthouse on /Login in CI (issue 11: the full three-page run is `npm run lighthouse`). The mobile
// preset's accessibility and best-practices targets (>= 95) are asserted. Performance is held to a
// floor of 70, not the 90 target: the simulated score multiplies the main-thread time this shared
// 2-core machine happens to give the page (load average 10-17 while others' suites run), and the
// same build scored 70-89 on /Login (docs/benchmarks.md). What does not depend on the load is
// asserted exactly: the bytes the page transfers (202 KiB measured; 326 KiB before ADR 091-093).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script without types
import { audit, TARGETS } from '../scripts/lighthouse.mjs';
import { type RunningServer, startServer } from './harness.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('lighthouse', () => {
  it('/Login: accessibility and best practices >= 95, performance above the floor, at most 230 KiB', async () => {
    const [result] = (await audit(server.url, ['/Login'])) as {
      scores: Record<string, number>;
      metrics: Record<string, string>;
      values: Record<string, number>;
    }[];
    console.log(`lighthouse /Login: ${JSON.stringify(result?.scores)} ${JSON.stringify(result?.metrics)}`);
    expect(TARGETS).toMatchObject({ accessibility: 95, 'best-practices': 95 });
    expect(result?.scores.accessibility).toBeGreaterThanOrEqual(95);
    expect(result?.scores['best-practices']).toBeGreaterThanOrEqual(95);
    expect(result?.scores.performance).toBeGreaterThanOrEqual(70);
    expect(result?.values['total-byte-weight']).toBeLessThanOrEqual(230 * 1024);
  });
});
