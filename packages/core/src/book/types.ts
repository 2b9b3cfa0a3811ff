// The order book's public contract, shared by the naive reference implementation and the fast one.
// Inside the book prices are integer ticks and quantities integer lots (safe integers); the quote
// amount of a market-by-quote order is in tick-lots (ticks * lots, a bigint), see money.ts.

export type Side = 'buy' | 'sell';
export type OrderType = 'limit' | 'market';
/** GTC rests the leftover; IOC cancels it; FOK fills completely or not at all; POST_ONLY never takes. */
export type TimeInForce = 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY';
/**
 * Self-trade prevention, decided by the incoming (taker) order when it meets a resting order of the
 * same user: cancel the incoming order, cancel the resting one and go on matching, or both.
 */
export type SelfTradePrevention = 'none' | 'cancel_newest' | 'cancel_oldest' | 'cancel_both';

export interface PlaceOrder {
  /** Unique among live orders of this book. */
  id: string;
  userId: string;
  side: Side;
  type: OrderType;
  /** Limit price in ticks; required for limit orders, absent for market orders. */
  price?: number;
  /** Quantity in lots: required for limit orders; market orders give exactly one of qty / quoteQty. */
  qty?: number;
  /** Market orders only (IOC): spend at most this many tick-lots (ticks * lots). */
  quoteQty?: bigint;
  /** Default GTC for limit, IOC for market. Market orders allow IOC and FOK (FOK only with qty). */
  tif?: TimeInForce;
  /** Default 'cancel_newest'. */
  stp?: SelfTradePrevention;
  /** Market orders only: the worst price (ticks) they may trade at (buy: max, sell: min). */
  protectionPrice?: number;
  /** Command time (ms); stored on the resting order, copied onto fills. The book never reads a clock. */
  ts: number;
}

/** Why a command was refused. Nothing changed in the book. */
export type RejectCode =
  | 'invalid_order_id'
  | 'duplicate_order_id'
  | 'invalid_side'
  | 'invalid_type'
  | 'invalid_price'
  | 'invalid_qty'
  | 'invalid_quote_qty'
  | 'invalid_tif'
  | 'invalid_stp'
  | 'invalid_protection_price'
  | 'level_overflow'
  | 'order_not_found'
  | 'not_owner'
  | 'would_cross';

export type CancelReason =
  /** cancel() or cancelAll() */
  | 'user'
  /** The leftover of an IOC limit order. */
  | 'ioc_leftover'
  /** A FOK order that could not fill completely (the whole order). */
  | 'fok_unfillable'
  /** A post-only order that would have taken liquidity (the whole order). */
  | 'post_only_would_cross'
  /** Self-trade prevention removed this order (taker or maker). */
  | 'self_trade'
  /** A market order stopped by its protection price with quantity left. */
  | 'protection_bound'
  /** A market order with quantity (or quote) left when the opposite side ran out. */
  | 'market_leftover';

export interface Fill {
  makerOrderId: string;
  makerUserId: string;
  takerOrderId: string;
  takerUserId: string;
  takerSide: Side;
  /** The maker's price, ticks. */
  price: number;
  /** Lots. */
  qty: number;
  /** Lots the maker still has resting after this fill (0 = fully filled and removed). */
  makerRemaining: number;
  ts: number;
}

export interface Cancelled {
  orderId: string;
  userId: string;
  side: Side;
  /** Ticks; 0 for a market order. */
  price: number;
  /** Lots cancelled (the remaining quantity). 0 for a market-by-quote order. */
  qty: number;
  /** Market-by-quote orders only: tick-lots left unspent. */
  quoteQty?: bigint;
  reason: CancelReason;
  /** True when the order was resting in the book (a maker), false for the incoming order. */
  wasResting: boolean;
}

/** A price level's new total after a command; qty 0 means the level is gone. */
export interface DepthDelta {
  side: Side;
  price: number;
  qty: number;
}

export interface OrderView {
  id: string;
  userId: string;
  side: Side;
  price: number;
  /** Remaining lots. */
  qty: number;
  /** Time of the command that gave the order its current priority. */
  ts: number;
  /** Increasing number given when the order was accepted; orders cancelAll's output. */
  acceptSeq: number;
}

interface Changes {
  /** Levels touched by the command, in order of first touch, with their final totals. */
  deltas: readonly DepthDelta[];
  /** The book's sequence number after the command; it increases by 1 for every command with deltas. */
  seq: number;
}

export interface PlaceAccepted extends Changes {
  code: 'ok';
  orderId: string;
  fills: readonly Fill[];
  /** Orders removed by this command, incoming or resting, in the order it happened. */
  cancelled: readonly Cancelled[];
  /** Lots filled for the incoming order. */
  filledQty: number;
  /** Lots of the incoming order now resting in the book (0 if none). */
  restingQty: number;
}
export interface Rejected extends Changes {
  code: RejectCode;
  orderId: string;
}
export type PlaceResult = PlaceAccepted | Rejected;

export interface CancelAccepted extends Changes {
  code: 'ok';
  cancelled: Cancelled;
}
export type CancelResult = CancelAccepted | Rejected;

export interface CancelAllResult extends Changes {
  code: 'ok';
  /** In acceptance order (acceptSeq). */
  cancelled: readonly Cancelled[];
}

export interface AmendOrder {
  orderId: string;
  /** When given, the order must belong to this user. */
  userId?: string;
  /** New remaining quantity in lots. */
  qty?: number;
  /** New price in ticks. An amended price may not cross the book (refused with 'would_cross'). */
  price?: number;
  ts: number;
}
export interface AmendAccepted extends Changes {
  code: 'ok';
  order: OrderView;
  /** True when only the quantity went down (or nothing changed): the order kept its place. */
  keptPriority: boolean;
}
export type AmendResult = AmendAccepted | Rejected;

export interface Depth {
  /** Best first: [price ticks, total lots]. */
  bids: [number, number][];
  asks: [number, number][];
  seq: number;
}

/** [id, userId, price, qty, ts, acceptSeq] */
export type SnapshotOrder = [string, string, number, number, number, number];

export interface BookSnapshot {
  version: 1;
  seq: number;
  nextAcceptSeq: number;
  /** Best level first, each level in time priority. */
  bids: SnapshotOrder[];
  asks: SnapshotOrder[];
}

export interface OrderBook {
  place(cmd: PlaceOrder): PlaceResult;
  cancel(orderId: string, userId?: string): CancelResult;
  cancelAll(userId: string): CancelAllResult;
  amend(cmd: AmendOrder): AmendResult;
  bestBid(): number | undefined;
  bestAsk(): number | undefined;
  depth(levels: number): Depth;
  order(orderId: string): OrderView | undefined;
  hasOrder(orderId: string): boolean;
  /** Lots resting at a price (0 when there is no level). */
  levelTotal(side: Side, price: number): number;
  /** Number of resting orders. */
  size(): number;
  seq(): number;
  snapshot(): BookSnapshot;
  /** A hash of the canonical snapshot: equal states give equal hashes, whatever the implementation. */
  stateHash(): string;
}

export const BOOK_LIMITS = {
  /** Larger quantities are refused: keeps lots*anything sane and level totals safe integers. */
  maxLots: 2 ** 50,
  maxTicks: 2 ** 50,
} as const;
