// A ready-made market set: the numbers of docs/perpetuals.md and the tests, and a sane default for
// the server's embedded mode. Amounts are integers at the asset's scale (USDC: 6 decimals).

import { marketScales } from '../money.ts';
import type { PerpMarketConfig } from '../perp/perp-engine.ts';
import type { SpotMarketConfig } from '../spot/spot-engine.ts';
import type { EngineConfig } from './exchange-engine.ts';

export const DEMO_ASSETS: Record<string, number> = { USDC: 6, BTC: 8, ETH: 8 };

const usdc = (whole: bigint): bigint => whole * 1_000_000n;

export const DEMO_SPOT_MARKETS: SpotMarketConfig[] = [
  {
    symbol: 'BTC_USDC',
    base: 'BTC',
    quote: 'USDC',
    baseScale: 8,
    quoteScale: 6,
    // 0.01 USDC x 0.0001 BTC = 0.000001 USDC: one tick-lot is exactly one quote unit.
    scales: marketScales('0.01', 2, '0.0001', 4),
    makerFeePpm: 1000n,
    takerFeePpm: 1000n,
  },
  {
    symbol: 'ETH_USDC',
    base: 'ETH',
    quote: 'USDC',
    baseScale: 8,
    quoteScale: 6,
    scales: marketScales('0.01', 2, '0.0001', 4),
    makerFeePpm: 1000n,
    takerFeePpm: 1000n,
  },
];

/** Binance-like risk-limit tiers for BTC (notional in USDC). */
export const BTC_TIERS = [
  { maxNotional: usdc(50_000n), maxLeverage: 100, mmrPpm: 4_000n },
  { maxNotional: usdc(250_000n), maxLeverage: 50, mmrPpm: 5_000n },
  { maxNotional: usdc(1_000_000n), maxLeverage: 20, mmrPpm: 10_000n },
  { maxNotional: usdc(1_000_000_000_000n), maxLeverage: 10, mmrPpm: 25_000n },
];

export const DEMO_PERP_MARKETS: PerpMarketConfig[] = [
  {
    symbol: 'BTC_USDC_PERP',
    quote: 'USDC',
    quoteScale: 6,
    // tick 0.1 USDC, step 0.001 BTC: a tick-lot is 0.0001 USDC = 100 units.
    scales: marketScales('0.1', 1, '0.001', 3),
    leverages: [1, 2, 3, 5, 10, 20, 50, 100],
    defaultLeverage: 10,
    tiers: BTC_TIERS,
    makerFeePpm: 200n,
    takerFeePpm: 500n,
  },
  {
    symbol: 'ETH_USDC_PERP',
    quote: 'USDC',
    quoteScale: 6,
    scales: marketScales('0.01', 2, '0.01', 2),
    leverages: [1, 2, 3, 5, 10, 20, 50],
    defaultLeverage: 10,
    tiers: [
      { maxNotional: usdc(25_000n), maxLeverage: 50, mmrPpm: 5_000n },
      { maxNotional: usdc(100_000n), maxLeverage: 25, mmrPpm: 6_500n },
      { maxNotional: usdc(1_000_000_000_000n), maxLeverage: 10, mmrPpm: 10_000n },
    ],
    makerFeePpm: 200n,
    takerFeePpm: 500n,
  },
];

export function demoEngineConfig(overrides: Partial<EngineConfig> = {}): EngineConfig {
  return {
    assets: DEMO_ASSETS,
    spotMarkets: DEMO_SPOT_MARKETS,
    perpMarkets: DEMO_PERP_MARKETS,
    ...overrides,
  };
}
