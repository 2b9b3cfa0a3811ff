import { z } from 'zod';
import { decimalString } from './decimal.ts';
import { MarketSymbol } from './market.ts';
import { PageQuery, pageOf } from './pagination.ts';
import { OrderStatus, OrderType } from './spot.ts';

const Decimal = decimalString({ scale: 18 });

export const ContractAction = z.enum(['open_long', 'open_short', 'close_long', 'close_short']);
export const MarginMode = z.enum(['cross', 'isolated']);
const Leverage = z.number().int().min(1).max(125);

/**
 * Contract order types: limit and market go to the book at once; stop_limit / stop_market wait for
 * `trigger_price`, trailing_stop for a pull-back of `callback_rate` percent from the best price
 * since placement (ADR 136).
 */
export const ContractOrderType = z.enum(['limit', 'market', 'stop_limit', 'stop_market', 'trailing_stop']);
export type ContractOrderType = z.infer<typeof ContractOrderType>;
/** GTC rests, IOC cancels the rest, FOK fills whole or not at all, POST_ONLY never takes. */
export const TimeInForce = z.enum(['GTC', 'IOC', 'FOK', 'POST_ONLY']);
/** Self-trade prevention when the order meets an own resting order (default cancel_newest). */
export const SelfTradePrevention = z.enum(['none', 'cancel_newest', 'cancel_oldest', 'cancel_both']);
/** The price a trigger (conditional order, TP/SL) watches: the mark (default) or the last trade. */
export const TriggerBy = z.enum(['mark', 'last']);

/**
 * In one-way position mode (ADR 180) the actions read as: `open_long` Buy, `open_short` Sell (each
 * reduces the opposite position first and opens with the rest), `close_long` / `close_short`
 * reduce-only Sell / Buy. In hedge mode (the default) they mean what they say.
 */
export const ContractOrderRequest = z.strictObject({
  symbol: MarketSymbol,
  action: ContractAction,
  type: ContractOrderType,
  price: Decimal.optional(),
  quantity: Decimal,
  leverage: Leverage,
  margin_mode: MarginMode,
  tp_price: Decimal.optional(),
  sl_price: Decimal.optional(),
  time_in_force: TimeInForce.optional(),
  stp: SelfTradePrevention.optional(),
  trigger_price: Decimal.optional(),
  trigger_by: TriggerBy.optional(),
  /** Trailing stop: percent, 0.1 to 10. */
  callback_rate: decimalString({ scale: 2 }).optional(),
});
export type ContractOrderRequest = z.infer<typeof ContractOrderRequest>;

export const ContractOrder = z.object({
  id: z.string(),
  symbol: z.string(),
  action: ContractAction,
  type: ContractOrderType,
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
  time_in_force: TimeInForce.nullable(),
  stp: SelfTradePrevention.nullable(),
  trigger_price: z.string().nullable(),
  trigger_by: TriggerBy.nullable(),
  callback_rate: z.string().nullable(),
  /** Conditional orders: false while waiting for the trigger. */
  triggered: z.boolean(),
  /** Who made the order: the user, or the engine for a TP/SL, a liquidation or an ADL. */
  origin: z.enum(['user', 'tp', 'sl', 'liquidation', 'adl']),
  /** Fees paid and PnL realised by this order's fills (USDC). */
  fee: z.string(),
  realized_pnl: z.string(),
});
export type ContractOrder = z.infer<typeof ContractOrder>;

/** New price and/or open (unfilled) quantity; for a waiting conditional order also its trigger. */
export const ContractAmendRequest = z.strictObject({
  price: Decimal.optional(),
  quantity: Decimal.optional(),
  trigger_price: Decimal.optional(),
});
export const ContractCancelAllRequest = z.strictObject({ symbol: MarketSymbol.optional() });
export const ContractCancelAllResponse = z.object({ cancelled: z.number().int() });
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
  /**
   * Isolated: the position's own margin. Cross: its initial margin at the mark, notional / leverage
   * rounded up as the engine holds it (ADR 224); the cross ones and the isolated ones add up to the
   * balances API's `position_margin`.
   */
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
  /** The price TP/SL watch. */
  tpsl_by: TriggerBy,
  /** Auto-deleveraging queue rank: 1 (last in line) to 5 (first), as Binance's lights. */
  adl_lights: z.number().int().min(0).max(5),
  opened_at: z.number().int(),
});
export type Position = z.infer<typeof Position>;
export const PositionList = z.array(Position);

export const MarginRequest = z.strictObject({
  action: z.enum(['add', 'reduce']),
  amount: decimalString({ scale: 6 }),
});
/**
 * Without `quantity`: the position's TP/SL (the whole position, replaces the previous ones). With a
 * quantity: a partial TP/SL, placed as conditional market closes of that quantity (ADR 136).
 */
/**
 * Whole position (no `quantity`): a price left out keeps the position's, `null` clears it, a price
 * sets it; `trigger_by` left out keeps the position's (ADR 267). With `quantity`: conditional
 * closes at the prices given (ADR 136).
 */
export const TpslRequest = z.strictObject({
  tp_price: Decimal.nullable().optional(),
  sl_price: Decimal.nullable().optional(),
  trigger_by: TriggerBy.optional(),
  quantity: Decimal.optional(),
});
export const ClosePositionRequest = z.strictObject({
  type: OrderType.optional(),
  price: Decimal.optional(),
  quantity: Decimal.optional(),
});
/** Close-all (ADR 196): every own position, or those of one market, at market. */
export const ContractCloseAllRequest = z.strictObject({ symbol: MarketSymbol.optional() });
/**
 * One position's outcome: `closed` (all of it), `partly_closed` (the market close met too little
 * within the price protection; the rest stays open) or `not_closed` (refused, or nothing filled).
 * `code` and `message` (in the caller's language) say why when not all of it was closed.
 */
export const ContractCloseAllItem = z.object({
  position_id: z.string(),
  symbol: z.string(),
  side: z.enum(['long', 'short']),
  margin_mode: MarginMode,
  /** The size before the close and what of it was closed. */
  size: z.string(),
  closed_quantity: z.string(),
  order_id: z.string().nullable(),
  status: z.enum(['closed', 'partly_closed', 'not_closed']),
  code: z.number().int().nullable(),
  message: z.string().nullable(),
});
export type ContractCloseAllItem = z.infer<typeof ContractCloseAllItem>;
export const ContractCloseAllResponse = z.object({
  /** Positions closed whole. */
  closed: z.number().int(),
  /** Positions left open in whole or in part (see their `status`). */
  not_closed: z.number().int(),
  positions: z.array(ContractCloseAllItem),
});
export type ContractCloseAllResponse = z.infer<typeof ContractCloseAllResponse>;
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

/** Hedge (a long and a short side by side, the default) or one-way (one net position), ADR 180. */
export const PositionMode = z.enum(['hedge', 'one_way']);
export type PositionMode = z.infer<typeof PositionMode>;
export const PositionModeRequest = z.strictObject({ mode: PositionMode });
export const PositionModeResponse = z.object({
  mode: PositionMode,
  /** False while the user has a position, an open order or a waiting conditional order. */
  can_change: z.boolean(),
});
export type PositionModeResponse = z.infer<typeof PositionModeResponse>;

export const FundingQuery = z.strictObject({ symbol: MarketSymbol });
export const Funding = z.object({
  /**
   * The rate the coming settlement applies, as a fraction ("0.0001" = 0.01 %): from the premium
   * sampled in this interval, estimated from the book's premium before the first sample; null while
   * the market has no index price yet (ADR 156).
   */
  rate: z.string().nullable(),
  next_funding_time: z.number().int(),
  mark_price: z.string(),
  index_price: z.string(),
  /** No fresh reference price: the mark is frozen and new contract orders are refused (ADR 153). */
  index_stale: z.boolean().optional(),
});
export type Funding = z.infer<typeof Funding>;

export const PositionIdParams = z.strictObject({ id: z.string().min(1).max(80) });
