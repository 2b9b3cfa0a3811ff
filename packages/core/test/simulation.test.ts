// The market simulation (bench/simulation.ts) in small: 20,000 seeded commands from 300 users with
// crashes, spikes, funding, TP/SL and colluding pairs. No invariant may break, nothing may be
// socialised, the insurance fund must reconcile with its postings, and the run is deterministic.
// `npm run sim` runs the same thing with 1,000,000 commands (docs/perpetuals.md).
import { describe, expect, it } from 'vitest';
import { runSimulation } from '../bench/simulation.ts';

describe('perpetuals market simulation', () => {
  it('20k commands: zero conservation breaks, zero hidden shortfalls, fund and ADL reconciled', () => {
    const options = { seed: 8, commands: 20_000, users: 300, checkEvery: 500 };
    const s = runSimulation(options);
    expect(s.problems).toEqual([]);
    expect(s.shortfalls.socialised).toBe('0');
    expect(s.insurance.reconciled).toBe(true);
    expect(BigInt(s.settlement.held)).toBeGreaterThanOrEqual(BigInt(s.settlement.owedToPositions));
    // The run must reach the paths that matter.
    expect(s.trades).toBeGreaterThan(1_000);
    expect(s.liquidations.isolated + s.liquidations.cross).toBeGreaterThan(0);
    expect(s.funding).toBeGreaterThan(0);
    expect(s.tpsl).toBeGreaterThan(0);
    expect(runSimulation(options).stateHash).toBe(s.stateHash);
  }, 300_000);
});
