// The funding premium from impact bid/ask prices, time-weighted (ADR 195), and the rule before it
// (top-of-book mid, one sample one weight) for markets that do not set an impact margin. Worked
// numbers as in docs/perpetuals.md ("Funding").
import { describe, expect, it } from 'vitest';
import { ExchangeEngine } from '../src/index.ts';
import { impactPremiumPpm, impactPrice } from '../src/perp/math.ts';
import { impactEngine as engine } from './helpers/impact.ts';
import { SYM, USDC } from './helpers/scenario.ts';

/** Bids 0.1 BTC at 50,400 and 1 BTC at 50,050; asks 0.1 at 50,500 and 1 at 51,000. */
function thinTop(t: ReturnType<typeof engine>, ts: number) {
  t.order('open_long', 50_400, 0.1, ts);
  t.order('open_long', 50_050, 1, ts);
  t.order('open_short', 50_500, 0.1, ts);
  t.order('open_short', 51_000, 1, ts);
}

describe('impact price', () => {
  // Quote per tick-lot on BTC_USDC_PERP: 100 units (0.0001 USDC); impact notional 200 x 100 = 20,000.
  const N = 20_000n * USDC;
  it('is the average fill of the impact notional, the last level in part, rounded against the book', () => {
    // 0.1 BTC x 50,400 = 5,040, then 14,960 at 50,050 (0.2989 BTC): 20,000 / 0.3989 = 50,137.7.
    const bid = impactPrice(
      [
        [504_000, 100],
        [500_500, 1_000],
      ],
      N,
      100n,
      'bid',
    );
    expect(bid).toBe(501_377n);
    // 0.1 x 50,500 = 5,050, then 14,950 at 51,000: 20,000 / 0.39314 = 50,872.9 (up).
    expect(
      impactPrice(
        [
          [505_000, 100],
          [510_000, 1_000],
        ],
        N,
        100n,
        'ask',
      ),
    ).toBe(508_729n);
    // One level: exactly its price.
    expect(impactPrice([[499_000, 1_000]], N, 100n, 'ask')).toBe(499_000n);
    // Too thin: no impact price.
    expect(impactPrice([[500_000, 100]], N, 100n, 'bid')).toBeUndefined();
  });

  it("premium: Binance's max(0, bid - index) - max(0, index - ask), a missing side adds nothing", () => {
    expect(impactPremiumPpm(501_377n, 508_729n, 500_000n)).toBe(2_754n);
    expect(impactPremiumPpm(498_000n, 499_000n, 500_000n)).toBe(-2_000n);
    expect(impactPremiumPpm(499_000n, 501_000n, 500_000n)).toBe(0n);
    expect(impactPremiumPpm(undefined, undefined, 500_000n)).toBe(0n);
  });
});

describe('funding premium from impact prices (ADR 195)', () => {
  it('a thin top of the book no longer sets the premium; samples weigh the time since the last one', () => {
    const t = engine(200n);
    t.index(50_000, 1_000); // empty book: premium 0, the first sample weighs 1 ms
    expect(t.state()).toMatchObject({ premiumSumPpm: 0n, premiumCount: 1n, premiumLastTs: 1_000 });
    thinTop(t, 1_500);
    // Top-of-book mid 50,450 would be +9,000 ppm; the impact bid 50,137.7 gives +2,754 ppm.
    t.index(50_000, 2_000); // weighs 1,000 ms
    expect(t.state()).toMatchObject({ premiumSumPpm: 2_754_000n, premiumCount: 1_001n });
    // 2 BTC more bid at 50,200: impact bid 50,250.2, +5,004 ppm, for 3,000 ms.
    t.order('open_long', 50_200, 2, 2_500);
    t.index(50_000, 5_000);
    const s = t.state();
    expect(s.premiumSumPpm).toBe(2_754_000n + 15_012_000n);
    expect(s.premiumCount).toBe(4_001n);
    // The interval's premium: 17,766,000 / 4,001 = 4,440 ppm (a plain average would be 2,586).
    expect(s.premiumSumPpm / s.premiumCount).toBe(4_440n);
    // A gap weighs at most one minute.
    t.index(50_000, 605_000);
    expect(t.state().premiumCount).toBe(64_001n);
  });

  it('the funding settlement uses the weighted average and starts the next interval empty', () => {
    const t = engine(200n);
    t.index(50_000, 1_000);
    thinTop(t, 1_500);
    t.index(50_000, 2_000);
    const next = Number(t.state().nextFundingTs);
    const r = t.run({ type: 'fundingTick', symbol: SYM }, next);
    // (0 x 1 + 2,754 x 1,000) / 1,001 = 2,751 ppm; rate 2,751 + clamp(100 - 2,751, +-500) = 2,251
    // (under BTC's 0.30% cap).
    const ev = r.events.find((x) => x.type === 'perp.funding')!;
    expect(ev).toMatchObject({ ratePpm: 2_751n - 500n });
    expect(t.state()).toMatchObject({ premiumSumPpm: 0n, premiumCount: 0n, premiumLastTs: 2_000 });
  });

  it('snapshots keep the sample time; restored, the same hash and the same next weight', () => {
    const t = engine(200n);
    t.index(50_000, 1_000);
    thinTop(t, 1_500);
    t.index(50_000, 2_000);
    const snap = t.e.snapshot();
    const copy = new ExchangeEngine(t.e.config);
    copy.restore(JSON.parse(JSON.stringify(snap)));
    expect(copy.stateHash()).toBe(t.e.stateHash());
    expect(copy.perp.state(SYM)!.premiumLastTs).toBe(2_000);
  });

  it('without an impact margin: the top-of-book mid, one sample one weight, no new snapshot field', () => {
    const t = engine();
    t.index(50_000, 1_000);
    thinTop(t, 1_500);
    t.index(50_000, 2_000);
    expect(t.state()).toMatchObject({ premiumSumPpm: 9_000n, premiumCount: 2n });
    expect(t.state().premiumLastTs).toBeUndefined();
    const states = t.e.snapshot().perp.states;
    expect(JSON.stringify(states)).not.toContain('premiumLastTs');
  });
});
