// ADR 198: a book too thin for the impact notional. A side that cannot fill it counts the depth it
// has and the rest of the notional at the index: a thin top moves the premium by its share of the
// notional only (no wild premium), and a thin book is not a silent 0 that dilutes the interval.
import { describe, expect, it } from 'vitest';
import { impactPremiumPpm, impactPrice } from '../src/perp/math.ts';
import { impactEngine } from './helpers/impact.ts';
import { SYM, USDC } from './helpers/scenario.ts';

// BTC_USDC_PERP: 100 units (0.0001 USDC) per tick-lot; impact notional 200 x 100 = 20,000 USDC.
const N = 20_000n * USDC;
const INDEX = 500_000n; // 50,000.0

describe('impact price on a book too thin for the notional', () => {
  it('counts the depth there is and the rest at the index, exactly, rounded against the book', () => {
    // 0.1 BTC at 50,400 fills 5,040; 14,960 at the index buys 0.2992: 20,000 / 0.3992 = 50,100.2.
    const thin = [[504_000, 100]] as const;
    expect(impactPrice(thin, N, 100n, 'bid', INDEX)).toBe(501_002n);
    // Without a shortfall price the old answer stays: no impact price.
    expect(impactPrice(thin, N, 100n, 'bid')).toBeUndefined();
    // An empty side is the index itself: no premium from it.
    expect(impactPrice([], N, 100n, 'bid', INDEX)).toBe(INDEX);
    expect(impactPrice([], N, 100n, 'ask', INDEX)).toBe(INDEX);
    // 0.1 BTC asked at 49,600 (4,960), 15,040 at the index: 20,000 / 0.4008 = 49,900.1 (rounded up).
    expect(impactPrice([[496_000, 100]], N, 100n, 'ask', INDEX)).toBe(499_002n);
    // Deep enough: the shortfall price plays no part (ADR 195's worked number).
    expect(
      impactPrice(
        [
          [504_000, 100],
          [500_500, 1_000],
        ],
        N,
        100n,
        'bid',
        INDEX,
      ),
    ).toBe(501_377n);
  });

  it('a thin top moves the premium by its share of the notional, not by its distance', () => {
    // The 0.1 BTC bid is 8,000 ppm above the index; it holds 25.2 % of the notional: +2,004 ppm.
    const bid = impactPrice([[504_000, 100]], N, 100n, 'bid', INDEX);
    const ask = impactPrice([], N, 100n, 'ask', INDEX);
    expect(impactPremiumPpm(bid, ask, INDEX)).toBe(2_004n);
    // A hundredth of it (0.001 BTC, 50.40 USDC) is a hundredth of that, about 20 ppm.
    const tiny = impactPrice([[504_000, 1]], N, 100n, 'bid', INDEX);
    expect(impactPremiumPpm(tiny, ask, INDEX)).toBe(20n);
  });
});

describe('funding on a thin book with an impact margin (ADR 198)', () => {
  /** 200 USDC impact margin; bids by 'mm' and the index at 50,000. */
  function engine() {
    const t = impactEngine(200n);
    const bidAt = (usd: number, qty: number, ts: number) => t.order('open_long', usd, qty, ts);
    return { ...t, bidAt, index: (ts: number) => t.index(50_000, ts) };
  }

  it('samples the depth there is with its full weight, and the settlement pays a premium, not the interest alone', () => {
    const t = engine();
    t.index(1_000); // empty book: 0, weight 1 ms
    t.bidAt(50_400, 0.1, 1_500); // one thin bid, no asks
    t.index(2_000);
    // +2,004 ppm for 1,000 ms (before ADR 198: 0 for 1,000 ms, the interval's premium 0).
    expect(t.state()).toMatchObject({ premiumSumPpm: 2_004_000n, premiumCount: 1_001n });
    const next = Number(t.state().nextFundingTs);
    const r = t.run({ type: 'fundingTick', symbol: SYM }, next);
    // 2,004,000 / 1,001 = 2,001 ppm; rate 2,001 + clamp(100 - 2,001, +-500) = 1,501 (not 100).
    expect(r.events.find((x) => x.type === 'perp.funding')).toMatchObject({ ratePpm: 1_501n });
  });

  it('a far-off thin top cannot set a wild rate: the premium is its share, the rate under the cap', () => {
    const t = engine();
    t.index(1_000);
    // 0.01 BTC bid at 60,000 (+20 %, 600 USDC): top-of-book would read +20 % on its own.
    t.bidAt(60_000, 0.01, 1_500);
    t.index(61_000); // weighs one minute
    const s = t.state();
    // 20,000 / (0.01 + 19,400 / 50,000) = 50,251.2: +5,024 ppm, weight 60,000 ms.
    expect(s.premiumSumPpm).toBe(5_024n * 60_000n);
    expect(s.premiumSumPpm / s.premiumCount).toBe(5_023n);
  });

  it('the premium read before a price update is the one that update samples (the funding estimate, ADR 156)', () => {
    const t = engine();
    t.index(1_000);
    t.bidAt(50_400, 0.1, 1_500);
    const before = t.state().premiumSumPpm;
    const now = t.e.perp.fundingPremiumNowPpm(SYM, INDEX);
    expect(now).toBe(2_004n);
    expect(t.state().premiumSumPpm).toBe(before); // reading samples nothing
    t.index(2_000); // weighs 1,000 ms
    expect(t.state().premiumSumPpm - before).toBe(now * 1_000n);
    expect(t.e.perp.fundingPremiumNowPpm('NOPE', INDEX)).toBe(0n);
    expect(t.e.perp.fundingPremiumNowPpm(SYM, 0n)).toBe(0n);
  });
});
