// Tiered (partial) liquidation, ADR 194: a position above its market's first margin tier that falls
// below maintenance is first stepped down a tier at a time (to the book, the rest to the fund at the
// mark, the clearance fee on the reduced notional), and liquidated fully only if the account is still
// below maintenance. Worked numbers as in docs/perpetuals.md ("Tiered liquidation"); the invariant
// checker runs after every command.
import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../src/index.ts';
import { btc, type Mode, perpScenario, px, type Scenario, SYM, USDC, usdc } from './helpers/scenario.ts';

/** 10x, BTC_USDC_PERP's clearance fee at `feePpm` (0.1% unless said). */
const setup = (feePpm = 1_000n) => perpScenario({ leverage: 10, liquidationFeePpm: feePpm });

/** `user` funded with `funds` USDC, long `qty` BTC at 50,000 in `mode` against bob's short. */
function longAgainstBob(t: Scenario, user: string, funds: bigint, mode: Mode, qty: number) {
  t.price(50_000);
  t.fund(user, funds * USDC);
  t.fund('bob', 1_000_000n * USDC);
  t.place('bob', 'open_short', 'cross', 50_000, qty);
  return t.place(user, 'open_long', mode, 50_000, qty);
}

const of = <T extends EngineEvent['type']>(events: EngineEvent[], type: T) =>
  events.filter((ev): ev is Extract<EngineEvent, { type: T }> => ev.type === type);

describe('tiered liquidation', () => {
  it('isolated, tier 2: one step to tier 1 in the book and the position survives', () => {
    const t = setup();
    // Alice: isolated long 2 BTC at 50,000 (notional 100,000: tier 2, 0.5%, cum 50), margin 10,000.
    longAgainstBob(t, 'alice', 10_100n, 'isolated', 2);
    const walletAfterOpen = t.wallet('alice').available; // 10,100 - 10,000 - fee 50 = 50
    expect(walletAfterOpen).toBe(50n * USDC);
    // Carol bids 1 BTC at 45,200 (the book the reduction sells into).
    t.fund('carol', 100_000n * USDC);
    t.place('carol', 'open_long', 'cross', 45_200, 1);
    const fundBefore = t.fundBalance();
    // Mark 45,200: equity 10,000 - 9,600 = 400 < MM 90,400 x 0.5% - 50 = 402.
    const r = t.price(45_200);
    expect(t.e.perp.state(SYM)!.markPrice).toBe(BigInt(px(45_200)));
    // Keep floor(50,000 / 45,200 per BTC) = 1.106 BTC; sell 0.894 BTC at 45,200.
    const [step] = of(r.events, 'perp.tierReduction');
    expect(step).toMatchObject({
      userId: 'alice',
      mode: 'isolated',
      qty: BigInt(btc(0.894)),
      filled: BigInt(btc(0.894)),
      toFund: 0n,
      fromTier: 1,
      toTier: 0,
      // 0.1% of 0.894 x 45,200 = 40,408.8
      clearanceFee: 40_408_800n,
    });
    expect(of(r.events, 'perp.liquidation')).toEqual([]);
    const p = t.pos('alice', 'long', 'isolated')!;
    expect(p.size).toBe(BigInt(btc(1.106)));
    // Margin 10,000 - loss 0.894 x 4,800 = 4,291.2 - taker fee 20.2044 - clearance 40.4088.
    expect(p.margin).toBe(usdc(10_000 - 4_291.2) - 20_204_400n - 40_408_800n);
    // Equity 5,648.1868 - 1.106 x 4,800 = 339.3868 >= MM 49,991.2 x 0.4% = 199.9648.
    const v = t.e.perp.view(p);
    expect(p.margin + v.unrealisedPnl).toBe(339_386_800n);
    expect(v.maintenanceMargin).toBe(199_964_800n);
    // Nothing left the position for the wallet; the fund got exactly the clearance fee.
    expect(t.wallet('alice').available).toBe(walletAfterOpen);
    expect(t.fundBalance() - fundBefore).toBe(40_408_800n);
  });

  it('cross, tier 3: two steps (to tier 2, then tier 1), the second because fees kept it below', () => {
    const t = setup();
    // Dave: cross long 6 BTC at 50,000 (300,000: tier 3, 1%, cum 1,300); wallet 30,150 - 150 fee.
    longAgainstBob(t, 'dave', 30_150n, 'cross', 6);
    t.fund('carol', 1_000_000n * USDC);
    t.place('carol', 'open_long', 'cross', 45_200, 6);
    // Mark 45,200: equity 30,000 - 28,800 = 1,200 < MM 271,200 x 1% - 1,300 = 1,412.
    const r = t.price(45_200);
    const steps = of(r.events, 'perp.tierReduction');
    // Step 1: keep floor(250,000 / 45,200) = 5.530 BTC, sell 0.47: fees 10.622 + 21.244; equity
    // 1,168.134 < MM 249,956 x 0.5% - 50 = 1,199.78. Step 2: keep 1.106, sell 4.424: fees
    // 99.9824 + 199.9648; equity 868.1868 >= MM 199.9648.
    expect(steps.map((s) => [s.qty, s.fromTier, s.toTier, s.clearanceFee])).toEqual([
      [BigInt(btc(0.47)), 2, 1, 21_244_000n],
      [BigInt(btc(4.424)), 1, 0, 199_964_800n],
    ]);
    expect(of(r.events, 'perp.liquidation')).toEqual([]);
    expect(t.pos('dave', 'long')!.size).toBe(BigInt(btc(1.106)));
    const c = t.e.perp.crossAccount('dave', 'USDC');
    expect(c.equity).toBe(868_186_800n);
    expect(c.mm).toBe(199_964_800n);
  });

  it('no bids: the reduction goes to the fund at the mark, no taker fee', () => {
    const t = setup();
    longAgainstBob(t, 'carol', 10_050n, 'cross', 2);
    const fundBefore = t.fundBalance();
    const r = t.price(45_200);
    const [step] = of(r.events, 'perp.tierReduction');
    expect(step).toMatchObject({
      filled: 0n,
      toFund: BigInt(btc(0.894)),
      // 0.894 x (45,200 - 50,000)
      realisedPnl: -4_291_200_000n,
      clearanceFee: 40_408_800n,
    });
    expect(of(r.events, 'perp.liquidation')).toEqual([]);
    // The fund holds 0.894 BTC at the mark: no gain or loss in it; it got the fee.
    const fp = t.e.perp.position('@insurance', SYM, 'cross', 'long')!;
    expect(fp.size).toBe(BigInt(btc(0.894)));
    expect(fp.cost).toBe(BigInt(px(45_200)) * BigInt(btc(0.894)));
    expect(t.fundBalance() - fundBefore).toBe(40_408_800n);
    // Equity 10,000 - 4,291.2 - 40.4088 - 5,308.8 = 359.5912.
    expect(t.e.perp.crossAccount('carol', 'USDC').equity).toBe(359_591_200n);
  });

  it('still below maintenance after the steps: liquidated fully in the same command', () => {
    // Clearance fee 0.5%: the step costs 20.2044 + 202.044, equity 177.7516 < 199.9648.
    const t = setup(5_000n);
    longAgainstBob(t, 'alice', 10_050n, 'isolated', 2);
    t.fund('carol', 100_000n * USDC);
    t.place('carol', 'open_long', 'cross', 45_200, 1);
    const r = t.price(45_200);
    expect(of(r.events, 'perp.tierReduction')).toHaveLength(1);
    expect(of(r.events, 'perp.liquidation')).toMatchObject([{ userId: 'alice', size: BigInt(btc(1.106)) }]);
    expect(t.pos('alice', 'long', 'isolated')).toBeUndefined();
  });

  it('equity already gone (a gap): no step, the old full liquidation', () => {
    const t = setup();
    longAgainstBob(t, 'alice', 10_050n, 'isolated', 2);
    t.fund('carol', 100_000n * USDC);
    t.place('carol', 'open_long', 'cross', 44_000, 2);
    const r = t.price(44_000); // equity 10,000 - 12,000 < 0
    expect(of(r.events, 'perp.tierReduction')).toEqual([]);
    expect(of(r.events, 'perp.liquidation')).toHaveLength(1);
  });

  it('tier 1 positions and markets at the 100% default keep the whole liquidation', () => {
    const t = perpScenario({ leverage: 10 }); // 100%: the legacy rule
    longAgainstBob(t, 'alice', 10_050n, 'isolated', 2);
    t.fund('carol', 100_000n * USDC);
    t.place('carol', 'open_long', 'cross', 45_200, 1);
    const r = t.price(45_200);
    expect(of(r.events, 'perp.tierReduction')).toEqual([]);
    expect(of(r.events, 'perp.liquidation')).toHaveLength(1);
    const u = setup();
    longAgainstBob(u, 'alice', 5_050n, 'isolated', 1); // tier 1
    const r2 = u.price(45_100);
    expect(of(r2.events, 'perp.tierReduction')).toEqual([]);
    expect(of(r2.events, 'perp.liquidation')).toHaveLength(1);
  });

  describe('attacks', () => {
    it('an accomplice bidding far below the mark gets nothing: the step trades no worse than the bankruptcy price', () => {
      const t = setup();
      longAgainstBob(t, 'alice', 10_050n, 'isolated', 2);
      // Mallory bids 2 BTC at 45,000 - 1 tick (alice's bankruptcy price is 45,000).
      t.fund('mallory', 100_000n * USDC);
      t.place('mallory', 'open_long', 'cross', 44_999.9, 2);
      const fundBefore = t.fundBalance();
      const r = t.price(45_200);
      const [step] = of(r.events, 'perp.tierReduction');
      expect(step).toMatchObject({ filled: 0n, toFund: BigInt(btc(0.894)) });
      expect(t.e.perp.positionsOf('mallory')).toEqual([]);
      expect(t.fundBalance() - fundBefore).toBe(40_408_800n);
    });

    it('a step never leaves the fund in loss or the owner with more than before; stepping cannot be repeated to dodge the full liquidation', () => {
      const t = setup();
      longAgainstBob(t, 'alice', 10_050n, 'isolated', 2);
      t.fund('carol', 100_000n * USDC);
      t.place('carol', 'open_long', 'cross', 45_200, 1);
      t.price(45_200);
      const p = t.pos('alice', 'long', 'isolated')!;
      expect(p.size).toBe(BigInt(btc(1.106)));
      // Tier 1 now: the next breach liquidates the whole rest, no further step.
      // Equity 339.3868 + 1.106 x (P - 45,200) < 0.4% x 1.106 x P at P = 45,000.
      const r = t.price(45_000);
      expect(of(r.events, 'perp.tierReduction')).toEqual([]);
      expect(of(r.events, 'perp.liquidation')).toHaveLength(1);
      expect(t.pos('alice', 'long', 'isolated')).toBeUndefined();
      // The fund's equity (wallet + its positions at the mark) is checked >= 0 after every command
      // by the scenario's invariant checker, and nothing was socialised.
      expect(of(t.all, 'perp.shortfall').filter((s) => s.socialised > 0n)).toEqual([]);
    });
  });
});
