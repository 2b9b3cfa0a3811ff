import {
  type EngineConfig,
  type MarketScales,
  marketScales,
  type PerpMarketConfig,
  type SpotMarketConfig,
} from '@ex/core';
import { MARKETS, type MarketConfig, QUOTE } from '../market/markets.ts';

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

/** Risk-limit tiers shaped like Binance's, capped at the market's own highest leverage. */
function tiersFor(maxLeverage: number) {
  return [
    { maxNotional: usdc(50_000n), maxLeverage, mmrPpm: 4_000n },
    { maxNotional: usdc(250_000n), maxLeverage: Math.min(50, maxLeverage), mmrPpm: 5_000n },
    { maxNotional: usdc(1_000_000n), maxLeverage: Math.min(20, maxLeverage), mmrPpm: 10_000n },
    { maxNotional: usdc(1_000_000_000_000n), maxLeverage: Math.min(10, maxLeverage), mmrPpm: 25_000n },
  ];
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

export function perpMarketConfig(m: MarketConfig): PerpMarketConfig {
  const maxLeverage = Math.max(...m.leverages);
  return {
    symbol: m.symbol,
    quote: m.quote,
    quoteScale: ASSETS[m.quote]!,
    scales: scalesOf(m),
    leverages: m.leverages,
    defaultLeverage: m.leverages.includes(10) ? 10 : m.leverages[0]!,
    tiers: tiersFor(maxLeverage),
    makerFeePpm: PERP_MAKER_FEE_PPM,
    takerFeePpm: PERP_TAKER_FEE_PPM,
    // ADR 112: the market's configured protection from the mark for market orders.
    marketProtectionPpm: m.marketProtectionPpm,
  };
}

/** The engine configuration of the server's markets (market/markets.ts). */
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
