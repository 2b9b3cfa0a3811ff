// Risk-limit tiers per market (issue 8 finding 7): every coin had BTC's brackets and rates.
import { resolvePerpMarket } from '@ex/core';
import { describe, expect, it } from 'vitest';
import { perpMarketConfig } from '../src/engine/config.ts';
import { MARKETS } from '../src/engine/markets.ts';

const perps = MARKETS.filter((m) => m.kind === 'perp');

describe('perpetual risk tiers per market', () => {
  it('gives thinner markets smaller brackets and higher maintenance rates than BTC', () => {
    const tiers = (base: string) => perpMarketConfig(perps.find((m) => m.base === base)!).tiers;
    expect(tiers('BTC')[0]).toMatchObject({ maxNotional: 50_000_000_000n, mmrPpm: 4_000n });
    expect(tiers('ETH')[0]).toMatchObject({ maxNotional: 25_000_000_000n, mmrPpm: 5_000n });
    expect(tiers('DOGE')[0]).toMatchObject({
      maxNotional: 10_000_000_000n,
      maxLeverage: 20,
      mmrPpm: 10_000n,
    });
  });

  it.each(perps.map((m) => [m.symbol, m] as const))(
    '%s: sane tiers and a funding cap below maintenance',
    (_s, m) => {
      const c = resolvePerpMarket(perpMarketConfig(m));
      const max = Math.max(...m.leverages);
      c.tiers.forEach((t, i) => {
        // The initial margin at the tier's leverage is above its maintenance rate.
        expect(1_000_000n / BigInt(t.maxLeverage)).toBeGreaterThan(t.mmrPpm);
        expect(t.maxLeverage).toBeLessThanOrEqual(max);
        if (i > 0) {
          expect(t.maxNotional).toBeGreaterThan(c.tiers[i - 1]!.maxNotional);
          expect(t.mmrPpm).toBeGreaterThan(c.tiers[i - 1]!.mmrPpm);
          expect(t.maxLeverage).toBeLessThanOrEqual(c.tiers[i - 1]!.maxLeverage);
        }
      });
      expect(c.fundingCapPpm).toBeLessThan(c.tiers[0]!.mmrPpm);
    },
  );
});
