import {
  type EngineConfig,
  type MarketScales,
  marketScales,
  type PerpMarketConfig,
  type SpotMarketConfig,
} from '@ex/core';
import { MARKETS, type MarketConfig, QUOTE } from './markets.ts';

/** Asset -> decimals in the ledger. USDC as on TRON; the others at 8 like most exchanges. */
export const ASSETS: Record<string, number> = {
  USDC: 6,
  BTC: 8,
  ETH: 8,
  SOL: 8,
  BNB: 8,
  XRP: 8,
  DOGE: 8,
};

const usdc = (whole: bigint): bigint => whole * 1_000_000n;

export const SPOT_MAKER_FEE_PPM = 1000n;
export const SPOT_TAKER_FEE_PPM = 1000n;
export const PERP_MAKER_FEE_PPM = 200n;
export const PERP_TAKER_FEE_PPM = 500n;

export function scalesOf(m: MarketConfig): MarketScales {
  return marketScales(m.tickSize, m.priceScale, m.stepSize, m.qtyScale);
}

type TierRow = [maxNotionalUsdc: bigint, maxLeverage: number, mmrPpm: bigint];

/**
 * Risk-limit tiers per base asset, shaped like Binance's: a thinner book gets smaller brackets and
 * higher maintenance rates, so a position that size can still be closed into it. Every row is capped
 * at the market's own highest leverage. Each market's first maintenance rate also sets its funding
 * cap (75% of it, in the core).
 */
const TIERS: Record<string, readonly TierRow[]> = {
  BTC: [
    [50_000n, 100, 4_000n],
    [250_000n, 50, 5_000n],
    [1_000_000n, 20, 10_000n],
    [1_000_000_000_000n, 10, 25_000n],
  ],
  ETH: [
    [25_000n, 100, 5_000n],
    [100_000n, 50, 6_500n],
    [500_000n, 20, 10_000n],
    [1_000_000_000_000n, 10, 25_000n],
  ],
};
/** Every other coin: the thinnest books. */
const ALT_TIERS: readonly TierRow[] = [
  [10_000n, 50, 10_000n],
  [50_000n, 25, 15_000n],
  [250_000n, 10, 25_000n],
  [1_000_000_000_000n, 5, 50_000n],
];

function tiersFor(base: string, maxLeverage: number) {
  return (TIERS[base] ?? ALT_TIERS).map(([maxNotional, lev, mmrPpm]) => ({
    maxNotional: usdc(maxNotional),
    maxLeverage: Math.min(lev, maxLeverage),
    mmrPpm,
  }));
}

export function spotMarketConfig(m: MarketConfig): SpotMarketConfig {
  return {
    symbol: m.symbol,
    base: m.base,
    quote: m.quote,
    baseScale: ASSETS[m.base]!,
    quoteScale: ASSETS[m.quote]!,
    scales: scalesOf(m),
    makerFeePpm: SPOT_MAKER_FEE_PPM,
    takerFeePpm: SPOT_TAKER_FEE_PPM,
  };
}

/** Impact margin of every perpetual (ADR 195/198), quote units. */
export const IMPACT_MARGIN = usdc(200n);

export function perpMarketConfig(m: MarketConfig): PerpMarketConfig {
  const maxLeverage = Math.max(...m.leverages);
  return {
    symbol: m.symbol,
    quote: m.quote,
    quoteScale: ASSETS[m.quote]!,
    scales: scalesOf(m),
    leverages: m.leverages,
    defaultLeverage: m.leverages.includes(10) ? 10 : m.leverages[0]!,
    tiers: tiersFor(m.base, maxLeverage),
    makerFeePpm: PERP_MAKER_FEE_PPM,
    takerFeePpm: PERP_TAKER_FEE_PPM,
    // ADR 112: the market's configured protection from the mark for market orders.
    marketProtectionPpm: m.marketProtectionPpm,
    // ADR 195/198: the funding premium from impact prices; Binance's 200 USDT of margin at the
    // first tier's maximum leverage (BTC, ETH: 20,000 USDC; SOL, BNB, XRP: 10,000; DOGE: 4,000).
    impactMarginQuote: IMPACT_MARGIN,
    // ADR 183: the catalogue's clearance fee (absent: the core's legacy 100 %).
    ...(m.liquidationFeePpm !== undefined ? { liquidationFeePpm: m.liquidationFeePpm } : {}),
  };
}

/** The engine configuration of the server's markets (engine/markets.ts). */
export function serverEngineConfig(markets: readonly MarketConfig[] = MARKETS): EngineConfig {
  for (const m of markets) {
    if (ASSETS[m.base] === undefined || ASSETS[m.quote] === undefined) {
      throw new Error(`market ${m.symbol}: unknown asset`);
    }
  }
  return {
    assets: ASSETS,
    spotMarkets: markets.filter((m) => m.kind === 'spot').map(spotMarketConfig),
    perpMarkets: markets.filter((m) => m.kind === 'perp').map(perpMarketConfig),
  };
}

export { QUOTE };
