import { z } from 'zod';
import { decimalString } from './decimal.ts';
import { MarketSymbol } from './market.ts';
import { PageQuery, pageOf } from './pagination.ts';
import { OrderStatus, OrderType } from './spot.ts';

const Decimal = decimalString({ scale: 18 });

export const ContractAction = z.enum(['open_long', 'open_short', 'close_long', 'close_short']);
export const MarginMode = z.enum(['cross', 'isolated']);
const Leverage = z.number().int().min(1).max(125);

export const ContractOrderRequest = z.strictObject({
  symbol: MarketSymbol,
  action: ContractAction,
  type: OrderType,
  price: Decimal.optional(),
  quantity: Decimal,
  leverage: Leverage,
  margin_mode: MarginMode,
  tp_price: Decimal.optional(),
  sl_price: Decimal.optional(),
});
export type ContractOrderRequest = z.infer<typeof ContractOrderRequest>;

export const ContractOrder = z.object({
  id: z.string(),
  symbol: z.string(),
  action: ContractAction,
  type: OrderType,
  side: z.enum(['buy', 'sell']),
  margin_mode: MarginMode,
  leverage: z.number().int(),
  price: z.string().nullable(),
  quantity: z.string(),
  filled: z.string(),
  avg_price: z.string().nullable(),
  status: OrderStatus,
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type ContractOrder = z.infer<typeof ContractOrder>;
export const ContractOrderPage = pageOf(ContractOrder);

export const ContractOrdersQuery = z.strictObject({
  ...PageQuery.shape,
  status: z.enum(['open', 'history']).default('open'),
  symbol: MarketSymbol.optional(),
});

/** Position ids are `SYMBOL:mode:side` (one position per user, market, margin mode and side). */
export const Position = z.object({
  id: z.string(),
  symbol: z.string(),
  side: z.enum(['long', 'short']),
  margin_mode: MarginMode,
  leverage: z.number().int(),
  size: z.string(),
  entry_price: z.string(),
  mark_price: z.string(),
  liquidation_price: z.string().nullable(),
  margin: z.string(),
  notional: z.string(),
  unrealized_pnl: z.string(),
  /** ROE in percent, two decimals. */
  pnl_rate: z.string(),
  margin_rate: z.string(),
  realized_pnl: z.string(),
  fees: z.string(),
  funding: z.string(),
  tp_price: z.string().nullable(),
  sl_price: z.string().nullable(),
  opened_at: z.number().int(),
});
export type Position = z.infer<typeof Position>;
export const PositionList = z.array(Position);

export const MarginRequest = z.strictObject({
  action: z.enum(['add', 'reduce']),
  amount: decimalString({ scale: 6 }),
});
export const TpslRequest = z.strictObject({ tp_price: Decimal.optional(), sl_price: Decimal.optional() });
export const ClosePositionRequest = z.strictObject({
  type: OrderType.optional(),
  price: Decimal.optional(),
  quantity: Decimal.optional(),
});
export const LeverageRequest = z.strictObject({
  symbol: MarketSymbol,
  leverage: Leverage,
  margin_mode: MarginMode,
});
export const LeverageResponse = z.object({
  symbol: z.string(),
  leverage: z.number().int(),
  margin_mode: MarginMode,
});

export const FundingQuery = z.strictObject({ symbol: MarketSymbol });
export const Funding = z.object({
  rate: z.string(),
  next_funding_time: z.number().int(),
  mark_price: z.string(),
  index_price: z.string(),
  /** No fresh reference price: the mark is frozen and new contract orders are refused (ADR 153). */
  index_stale: z.boolean().optional(),
});
export type Funding = z.infer<typeof Funding>;

export const PositionIdParams = z.strictObject({ id: z.string().min(1).max(80) });
