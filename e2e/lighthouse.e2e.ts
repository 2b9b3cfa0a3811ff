// Lighthouse on /Login in CI (issue 11: the full three-page run is `npm run lighthouse`). The mobile
// preset's accessibility and best-practices targets (>= 95) are asserted; performance is held to a
// regression floor of 70 because the simulated score still varies by +-10 on this shared 2-core
// machine and the 90 target is not met yet (docs/benchmarks.md).
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
  it('/Login: accessibility and best practices >= 95, performance above the floor', async () => {
    const [result] = (await audit(server.url, ['/Login'])) as {
      scores: Record<string, number>;
      metrics: Record<string, string>;
    }[];
    console.log(`lighthouse /Login: ${JSON.stringify(result?.scores)} ${JSON.stringify(result?.metrics)}`);
    expect(TARGETS).toMatchObject({ accessibility: 95, 'best-practices': 95 });
    expect(result?.scores.accessibility).toBeGreaterThanOrEqual(95);
    expect(result?.scores['best-practices']).toBeGreaterThanOrEqual(95);
    expect(result?.scores.performance).toBeGreaterThanOrEqual(70);
  });
});
