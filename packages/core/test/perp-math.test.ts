// The worked examples of docs/perpetuals.md, number for number.
import { describe, expect, it } from 'vitest';
import {
  BTC_TIERS,
  bankruptcyPrice,
  fee,
  fundingOwed,
  fundingRate,
  initialMargin,
  liquidationPrice,
  liquidationPriceTiered,
  maintenanceMargin,
  marketScales,
  quoteUnit,
  resolveTiers,
  tierFor,
  unrealisedPnl,
} from '../src/index.ts';

// BTC_USDC_PERP: tick 0.1, step 0.001 BTC, USDC scale 6.
const k = quoteUnit(marketScales('0.1', 1, '0.001', 3), 6);
const tiers = resolveTiers(BTC_TIERS);
const USDC = 1_000_000n;
const ticks = (price: string) => BigInt(price.replace('.', '')); // prices with one decimal
const lots = (btc: bigint) => btc * 1000n;

describe('margin tiers', () => {
  it('maintenance amounts (cum) make the maintenance margin continuous', () => {
    expect(tiers.map((t) => t.cumPpm / 1_000_000n / USDC)).toEqual([0n, 50n, 1300n, 16300n]);
    // At the 50,000 boundary both tiers agree: 200 USDC.
    expect(maintenanceMargin(50_000n * USDC, tiers[0]!)).toBe(200n * USDC);
    expect(maintenanceMargin(50_000n * USDC, tiers[1]!)).toBe(200n * USDC);
    expect(tierFor(tiers, 120_000n * USDC).index).toBe(1);
  });
});

describe('example 1: isolated long 1 BTC at 50,000, 10x', () => {
  const size = lots(1n);
  const cost = ticks('50000.0') * size;
  const margin = initialMargin(50_000n * USDC, 10);
  it('initial margin 5,000, taker fee 25, maintenance 200', () => {
    expect(margin).toBe(5_000n * USDC);
    expect(fee(50_000n * USDC, 500n)).toBe(25n * USDC);
    expect(maintenanceMargin(50_000n * USDC, tiers[0]!)).toBe(200n * USDC);
  });
  it('liquidation price 45,180.7, bankruptcy price 45,000.0', () => {
    expect(liquidationPrice('long', size, cost, margin, tiers[0]!, k)).toBe(ticks('45180.7'));
    expect(bankruptcyPrice('long', size, cost, margin, k)).toBe(ticks('45000.0'));
  });
  it('equity vs maintenance on both sides of the liquidation price', () => {
    const eq = (p: string) => margin + unrealisedPnl('long', size, cost, ticks(p), k);
    const mm = (p: string) => maintenanceMargin(ticks(p) * size * 100n, tiers[0]!);
    expect(eq('45180.8')).toBe(180_800_000n);
    expect(mm('45180.8')).toBe(180_723_200n);
    expect(eq('45180.7') < mm('45180.7')).toBe(true);
  });
});

describe('example 2: isolated short 2 BTC at 60,000, 20x (tier 2)', () => {
  const size = lots(2n);
  const cost = ticks('60000.0') * size;
  const margin = initialMargin(120_000n * USDC, 20);
  it('liquidation price 62,711.5, bankruptcy price 63,000.0', () => {
    expect(margin).toBe(6_000n * USDC);
    const tier = tierFor(tiers, 120_000n * USDC);
    expect(tier.mmrPpm).toBe(5_000n);
    expect(liquidationPrice('short', size, cost, margin, tier, k)).toBe(ticks('62711.5'));
    expect(bankruptcyPrice('short', size, cost, margin, k)).toBe(ticks('63000.0'));
    // At 62,711.5 the notional (125,423) is still tier 2: the tiered search agrees.
    expect(liquidationPriceTiered('short', size, cost, margin, tiers, k)).toBe(ticks('62711.5'));
  });
});

describe('example 3: cross long 1 BTC at 50,000 with a 10,000 USDC wallet', () => {
  it('liquidation price 40,160.6', () => {
    const size = lots(1n);
    expect(liquidationPrice('long', size, ticks('50000.0') * size, 10_000n * USDC, tiers[0]!, k)).toBe(
      ticks('40160.6'),
    );
  });
});

describe('example 4: PnL and fees', () => {
  it('long 1 BTC 50,000 -> 52,000: +2,000 PnL, 25 open fee (taker), 10.4 close fee (maker)', () => {
    const size = lots(1n);
    expect(unrealisedPnl('long', size, ticks('50000.0') * size, ticks('52000.0'), k)).toBe(2_000n * USDC);
    expect(fee(52_000n * USDC, 200n)).toBe(10_400_000n);
    expect(2_000n * USDC - 25n * USDC - 10_400_000n).toBe(1_964_600_000n);
  });
  it('unrealised PnL rounds toward -infinity', () => {
    // 1 lot, 1 tick up = 0.0001 USDC = 100 units: exact; a loss of a fraction rounds down.
    expect(unrealisedPnl('long', 1n, 500_000n, 500_001n, k)).toBe(100n);
    expect(unrealisedPnl('short', 1n, 500_000n, 500_001n, k)).toBe(-100n);
  });
});

describe('example 5: funding', () => {
  it('rate from the premium index, clamped', () => {
    expect(fundingRate(0n, 100n, 500n, 7500n)).toBe(100n); // 0.01%
    expect(fundingRate(300n, 100n, 500n, 7500n)).toBe(100n);
    expect(fundingRate(1200n, 100n, 500n, 7500n)).toBe(700n);
    expect(fundingRate(-400n, 100n, 500n, 7500n)).toBe(100n);
    expect(fundingRate(-2000n, 100n, 500n, 7500n)).toBe(-1500n);
    expect(fundingRate(20_000n, 100n, 500n, 7500n)).toBe(7500n); // capped at 0.75%
  });
  it('1 BTC at mark 50,000 and 0.01% pays 5 USDC through the index', () => {
    const indexDelta = ticks('50000.0') * 100n; // mark (ticks) * rate (ppm)
    expect(fundingOwed(lots(1n), indexDelta, k, 'ceil')).toBe(5n * USDC);
  });
});
