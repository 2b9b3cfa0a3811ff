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
  /**
   * Perpetuals only: the liquidation clearance fee the market starts with (ADR 182, 183), ppm of
   * the liquidated notional; an operator changes it live (setMarketParams). Left out: the core's
   * default, 100 % (the whole remaining equity), as engines built without this catalogue have.
   */
  liquidationFeePpm?: bigint;
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
  /** The perpetual's starting clearance fee (ADR 183); DEFAULT_LIQUIDATION_FEE_PPM when left out. */
  liquidationFeePpm?: bigint;
  /** Overrides of the default band and market protection (ADR 112), e.g. for a thin, jumpy coin. */
  priceBandPpm?: bigint;
  marketProtectionPpm?: bigint;
}

/** ±10 % around the index for limit prices; market orders stop 5 % from it (ADR 112). */
export const DEFAULT_PRICE_BAND_PPM = 100_000n;
export const DEFAULT_MARKET_PROTECTION_PPM = 50_000n;
/**
 * Clearance fees as Binance publishes them per symbol (ADR 183): 1.25 % of the liquidated notional
 * for BTC and ETH, 1.5 % for the other coins, paid to the insurance fund out of what equity is left.
 */
export const MAJOR_LIQUIDATION_FEE_PPM = 12_500n;
export const DEFAULT_LIQUIDATION_FEE_PPM = 15_000n;

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
    liquidationFeePpm: MAJOR_LIQUIDATION_FEE_PPM,
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
    liquidationFeePpm: MAJOR_LIQUIDATION_FEE_PPM,
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
      liquidationFeePpm: b.liquidationFeePpm ?? DEFAULT_LIQUIDATION_FEE_PPM,
    },
  ];
});

export function marketBySymbol(symbol: string): MarketConfig | undefined {
  return MARKETS.find((m) => m.symbol === symbol);
}
