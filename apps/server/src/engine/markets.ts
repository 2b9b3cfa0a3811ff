import type { MarketKind } from '@ex/contract';

/**
 * The configured markets. Scales are decimal places; tick and step are the smallest price and
 * quantity increments (decimal strings, never floats). Each base has a spot and a perpetual market.
 */
export interface MarketConfig {
  symbol: string;
  base: string;
  quote: string;
  kind: MarketKind;
  priceScale: number;
  qtyScale: number;
  tickSize: string;
  stepSize: string;
  minQty: string;
  maxQty: string;
  minNotional: string;
  /** Perpetuals only: allowed leverage values. */
  leverages: number[];
  /**
   * Price band (ADR 112, like Binance's PERCENT_PRICE): a limit order's price must lie within this
   * many parts per million of the index price, both sides.
   */
  priceBandPpm: bigint;
  /** Market orders fill no further than this from the index (spot) or the mark (perpetual). */
  marketProtectionPpm: bigint;
}

interface BaseAsset {
  base: string;
  priceScale: number;
  qtyScale: number;
  tickSize: string;
  stepSize: string;
  minQty: string;
  maxQty: string;
  maxLeverage: number;
  /** Overrides of the default band and market protection (ADR 112), e.g. for a thin, jumpy coin. */
  priceBandPpm?: bigint;
  marketProtectionPpm?: bigint;
}

/** ±10 % around the index for limit prices; market orders stop 5 % from it (ADR 112). */
export const DEFAULT_PRICE_BAND_PPM = 100_000n;
export const DEFAULT_MARKET_PROTECTION_PPM = 50_000n;

const BASES: BaseAsset[] = [
  {
    base: 'BTC',
    priceScale: 2,
    // The core needs tick x step to be a whole number of USDC units (0.01 x 0.0001 = 0.000001), so
    // the step is 0.0001 while quantities keep 5 decimal places on the wire.
    qtyScale: 5,
    tickSize: '0.01',
    stepSize: '0.0001',
    minQty: '0.0001',
    maxQty: '100',
    maxLeverage: 100,
  },
  {
    base: 'ETH',
    priceScale: 2,
    qtyScale: 4,
    tickSize: '0.01',
    stepSize: '0.0001',
    minQty: '0.0001',
    maxQty: '2000',
    maxLeverage: 100,
  },
  {
    base: 'SOL',
    priceScale: 3,
    qtyScale: 2,
    tickSize: '0.001',
    stepSize: '0.01',
    minQty: '0.01',
    maxQty: '50000',
    maxLeverage: 50,
  },
  {
    base: 'BNB',
    priceScale: 2,
    qtyScale: 3,
    tickSize: '0.01',
    stepSize: '0.001',
    minQty: '0.001',
    maxQty: '10000',
    maxLeverage: 50,
  },
  {
    base: 'XRP',
    priceScale: 4,
    qtyScale: 1,
    tickSize: '0.0001',
    stepSize: '0.1',
    minQty: '1',
    maxQty: '5000000',
    maxLeverage: 50,
  },
  {
    base: 'DOGE',
    priceScale: 5,
    qtyScale: 0,
    tickSize: '0.00001',
    stepSize: '1',
    minQty: '10',
    maxQty: '50000000',
    maxLeverage: 20,
  },
];

export const QUOTE = 'USDC';
export const LEVERAGE_STEPS = [1, 2, 3, 5, 10, 20, 25, 50, 75, 100];

export const MARKETS: MarketConfig[] = BASES.flatMap((b) => {
  const common = {
    base: b.base,
    quote: QUOTE,
    priceScale: b.priceScale,
    qtyScale: b.qtyScale,
    tickSize: b.tickSize,
    stepSize: b.stepSize,
    minQty: b.minQty,
    maxQty: b.maxQty,
    minNotional: '5',
    priceBandPpm: b.priceBandPpm ?? DEFAULT_PRICE_BAND_PPM,
    marketProtectionPpm: b.marketProtectionPpm ?? DEFAULT_MARKET_PROTECTION_PPM,
  };
  return [
    { ...common, symbol: `${b.base}_${QUOTE}`, kind: 'spot' as const, leverages: [] },
    {
      ...common,
      symbol: `${b.base}_${QUOTE}_PERP`,
      kind: 'perp' as const,
      leverages: LEVERAGE_STEPS.filter((l) => l <= b.maxLeverage),
    },
  ];
});

export function marketBySymbol(symbol: string): MarketConfig | undefined {
  return MARKETS.find((m) => m.symbol === symbol);
}
