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
});
export type MarketCoin = z.infer<typeof MarketCoin>;
export const MarketCoinList = z.array(MarketCoin);

export const Leverages = z.object({
  values: z.array(z.number().int()),
  by_symbol: z.record(z.string(), z.array(z.number().int())),
});
export type Leverages = z.infer<typeof Leverages>;
