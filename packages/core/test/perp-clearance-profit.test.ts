// Regression (found by the 1,000,000-command simulation with a clearance fee, ADR 182): a cross
// account liquidated on the fee path whose equity was above its wallet (unrealised profit in its
// positions) had the fee posted from a wallet that did not hold it, and the engine stopped with
// "ledger invariant broken: positionFee liq:... refused". The settlement account now pays that
// profit out first (liquidation.ts, clearance). The run below broke between commands 20,000 and
// 30,000 before the fix.
import { describe, expect, it } from 'vitest';
import { runSimulation } from '../bench/simulation.ts';

describe('clearance fee with unrealised profit in the liquidated account', () => {
  it('the seeded run that stopped the engine now passes with no problem', () => {
    const s = runSimulation({
      seed: 20261125,
      commands: 30_000,
      users: 3_000,
      checkEvery: 5_000,
      liquidationFeePpm: 2_000n,
    });
    expect(s.problems).toEqual([]);
    expect(s.insurance.reconciled).toBe(true);
    expect(s.shortfalls.socialised).toBe('0');
  }, 60_000);
});
