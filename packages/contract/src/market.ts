import { z } from 'zod';

export const SYMBOL_RE = /^[A-Z0-9]{2,10}_[A-Z0-9]{2,10}(_PERP)?$/;
export const MarketSymbol = z.string().regex(SYMBOL_RE);

export const MarketKind = z.enum(['spot', 'perp']);
export type MarketKind = z.infer<typeof MarketKind>;

export const MarketCoin = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  kind: MarketKind,
  last: z.string(),
  change_pct: z.string(),
  high: z.string(),
  low: z.string(),
  volume: z.string(),
  amount: z.string(),
  price_scale: z.number().int(),
  qty_scale: z.number().int(),
  tick_size: z.string(),
  step_size: z.string(),
  min_qty: z.string(),
  max_qty: z.string(),
  min_notional: z.string(),
  /** Fee rates as decimal fractions ("0.001" = 0.1 %), the engine's live values (ADR 154). */
  maker_fee_rate: z.string().optional(),
  taker_fee_rate: z.string().optional(),
  /**
   * Perpetuals: the liquidation clearance fee as a fraction of the liquidated notional, paid to the
   * insurance fund out of the remaining equity ("1" = all of it), the engine's live value (ADR 183).
   */
  liquidation_fee_rate: z.string().optional(),
});
export type MarketCoin = z.infer<typeof MarketCoin>;
export const MarketCoinList = z.array(MarketCoin);

export const Leverages = z.object({
  values: z.array(z.number().int()),
  by_symbol: z.record(z.string(), z.array(z.number().int())),
});
export type Leverages = z.infer<typeof Leverages>;

export const KlineInterval = z.enum(['1m', '5m', '15m', '1h', '4h', '1d']);
export type KlineInterval = z.infer<typeof KlineInterval>;

const Limit = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback);

export const DepthQuery = z.strictObject({ symbol: MarketSymbol, limit: Limit(200, 20) });
export const Depth = z.object({
  bids: z.array(z.tuple([z.string(), z.string()])),
  asks: z.array(z.tuple([z.string(), z.string()])),
  /** The book's sequence number: WebSocket deltas continue from it. */
  seq: z.number().int(),
  ts: z.number().int(),
});
export type Depth = z.infer<typeof Depth>;

export const TradesQuery = z.strictObject({ symbol: MarketSymbol, limit: Limit(500, 50) });
export const PublicTrade = z.object({
  id: z.string(),
  price: z.string(),
  qty: z.string(),
  side: z.enum(['buy', 'sell']),
  ts: z.number().int(),
});
export type PublicTrade = z.infer<typeof PublicTrade>;
export const PublicTradeList = z.array(PublicTrade);

export const KlinesQuery = z.strictObject({
  symbol: MarketSymbol,
  interval: KlineInterval,
  limit: Limit(1000, 200),
});
/** [open_ts, open, high, low, close, volume] */
export const Kline = z.tuple([z.number().int(), z.string(), z.string(), z.string(), z.string(), z.string()]);
export const KlineList = z.array(Kline);

/**
 * The limit prices a market accepts now (ADR 112): index ± the market's band, and how far from the
 * index (spot) or mark (perpetual) a market order may fill. `band` is null before the first index.
 */
export const PriceBandQuery = z.strictObject({ symbol: MarketSymbol });
export type PriceBandQuery = z.infer<typeof PriceBandQuery>;
export const PriceBand = z.object({
  symbol: z.string(),
  band: z.object({ min: z.string(), max: z.string() }).nullable(),
  /** The band and the market-order protection in percent ("10.00", "5.00"). */
  band_percent: z.string(),
  market_protection_percent: z.string(),
});
export type PriceBand = z.infer<typeof PriceBand>;
