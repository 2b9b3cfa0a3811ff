// Spot settlement on top of the order book (exchange-core's RiskEngine shape): hold funds before
// matching, settle the book's fills after, refund exactly what an order no longer needs.
//
// Fees follow Binance's default: the fee is charged on the asset the user RECEIVES (a buyer pays
// its fee in base, a seller in quote). So an order only ever holds what it can spend:
//   limit buy:            price * qty (quote)
//   limit / market sell:  qty (base)
//   market buy by quote:  the quote amount
//   market buy by qty:    protectionPrice * qty (quote); the protection price is required
// A tick-lot must be worth a whole number of quote units (checked when the market is added), so
// trade values are exact and holds are consumed to the last unit.

import type {
  Cancelled,
  Fill,
  OrderBook,
  PlaceAccepted,
  PlaceOrder,
  SelfTradePrevention,
  Side,
  TimeInForce,
} from '../book/types.ts';
import { accountKey, type Ledger, leg, systemAccount } from '../ledger/ledger.ts';
import { ResultCode } from '../ledger/result-code.ts';
import type { JournalEntry } from '../ledger/types.ts';
import { divRound, type MarketScales, pow10 } from '../money.ts';
import type { BookFactory } from './book-factory.ts';

export interface SpotMarketConfig {
  symbol: string;
  base: string;
  quote: string;
  baseScale: number;
  quoteScale: number;
  scales: MarketScales;
  makerFeePpm: bigint;
  takerFeePpm: bigint;
}

export interface SpotMarket extends SpotMarketConfig {
  /** Quote units per tick-lot (exact). */
  quotePerTickLot: bigint;
  /** Base units per lot (exact). */
  basePerLot: bigint;
}

export function resolveSpotMarket(c: SpotMarketConfig): SpotMarket {
  const num = c.scales.tickSize * c.scales.stepSize * pow10(c.quoteScale);
  const den = pow10(c.scales.priceScale + c.scales.qtyScale);
  if (num % den !== 0n) throw new RangeError(`${c.symbol}: a tick-lot must be a whole number of quote units`);
  if (c.scales.qtyScale > c.baseScale)
    throw new RangeError(`${c.symbol}: qty scale finer than the base asset`);
  return {
    ...c,
    quotePerTickLot: num / den,
    basePerLot: c.scales.stepSize * pow10(c.baseScale - c.scales.qtyScale),
  };
}

export interface SpotPlace {
  orderId: string;
  userId: string;
  symbol: string;
  side: Side;
  type: 'limit' | 'market';
  /** Ticks (limit). */
  price?: number;
  /** Lots. */
  qty?: number;
  /** Market buy: quote units to spend. */
  quoteAmount?: bigint;
  /** Market orders by qty: worst price in ticks. */
  protectionPrice?: number;
  tif?: TimeInForce;
  stp?: SelfTradePrevention;
  ts: number;
}

/** An open order's settlement state: what it still holds. */
export interface SpotOrderState {
  orderId: string;
  userId: string;
  symbol: string;
  side: Side;
  /** Frozen for this order and not yet spent: quote units for a buy, base units for a sell. */
  hold: bigint;
  /** Limit price in ticks; 0 for a market order (which never rests). */
  price: number;
}

export interface SpotTrade {
  tradeId: string;
  symbol: string;
  price: number;
  qty: number;
  takerSide: Side;
  makerOrderId: string;
  takerOrderId: string;
  buyerId: string;
  sellerId: string;
  /** Quote units. */
  value: bigint;
  buyerFee: bigint;
  sellerFee: bigint;
  ts: number;
}

export type SpotEvent =
  | { type: 'spot.ledger'; entry: JournalEntry }
  | { type: 'spot.trade'; trade: SpotTrade }
  | {
      type: 'spot.cancelled';
      symbol: string;
      orderId: string;
      userId: string;
      reason: string;
      refund: bigint;
    }
  | { type: 'spot.depth'; symbol: string; seq: number; deltas: PlaceAccepted['deltas'] }
  | {
      type: 'spot.accepted';
      symbol: string;
      orderId: string;
      userId: string;
      restingQty: number;
      filledQty: number;
    };

export interface SpotResult {
  code: ResultCode;
  events: SpotEvent[];
}

export interface SpotSnapshot {
  books: [string, ReturnType<OrderBook['snapshot']>][];
  orders: [string, string, string, Side, string, number][];
}

export class SpotEngine {
  readonly markets = new Map<string, SpotMarket>();
  private books = new Map<string, OrderBook>();
  /** Open orders (resting), by order id. Order ids are unique across spot markets. */
  private orders = new Map<string, SpotOrderState>();

  constructor(
    private readonly ledger: Ledger,
    private readonly bookFactory: BookFactory,
    markets: readonly SpotMarketConfig[],
  ) {
    for (const c of markets) {
      const m = resolveSpotMarket(c);
      this.markets.set(m.symbol, m);
      this.books.set(m.symbol, bookFactory.create());
    }
  }

  book(symbol: string): OrderBook | undefined {
    return this.books.get(symbol);
  }

  openOrders(): IterableIterator<SpotOrderState> {
    return this.orders.values();
  }

  hasOrder(orderId: string): boolean {
    return this.orders.has(orderId);
  }

  /** What a new order would hold, or a refusal code. */
  private holdFor(m: SpotMarket, cmd: SpotPlace): { code: ResultCode; hold: bigint; asset: string } {
    const fail = (code: ResultCode) => ({ code, hold: 0n, asset: '' });
    const isPos = (n: number | undefined): n is number => n !== undefined && Number.isSafeInteger(n) && n > 0;
    if (cmd.type === 'limit') {
      if (!isPos(cmd.price)) return fail(ResultCode.SPOT_INVALID_PRICE);
      if (!isPos(cmd.qty)) return fail(ResultCode.SPOT_INVALID_QUANTITY);
      return cmd.side === 'buy'
        ? {
            code: ResultCode.OK,
            hold: BigInt(cmd.price) * BigInt(cmd.qty) * m.quotePerTickLot,
            asset: m.quote,
          }
        : { code: ResultCode.OK, hold: BigInt(cmd.qty) * m.basePerLot, asset: m.base };
    }
    if (cmd.side === 'sell') {
      if (!isPos(cmd.qty)) return fail(ResultCode.SPOT_INVALID_QUANTITY);
      return { code: ResultCode.OK, hold: BigInt(cmd.qty) * m.basePerLot, asset: m.base };
    }
    if (cmd.quoteAmount !== undefined) {
      if (cmd.quoteAmount < m.quotePerTickLot) return fail(ResultCode.SPOT_INVALID_QUANTITY);
      return { code: ResultCode.OK, hold: cmd.quoteAmount, asset: m.quote };
    }
    if (!isPos(cmd.qty)) return fail(ResultCode.SPOT_MARKET_BUY_NEEDS_QUOTE_AMOUNT);
    if (!isPos(cmd.protectionPrice)) return fail(ResultCode.SPOT_INVALID_PRICE);
    return {
      code: ResultCode.OK,
      hold: BigInt(cmd.protectionPrice) * BigInt(cmd.qty) * m.quotePerTickLot,
      asset: m.quote,
    };
  }

  place(cmd: SpotPlace): SpotResult {
    const m = this.markets.get(cmd.symbol);
    if (m === undefined) return { code: ResultCode.SPOT_UNKNOWN_MARKET, events: [] };
    if (this.orders.has(cmd.orderId)) return { code: ResultCode.SPOT_DUPLICATE_ORDER_ID, events: [] };
    const h = this.holdFor(m, cmd);
    if (h.code !== ResultCode.OK) return { code: h.code, events: [] };
    const account = accountKey(cmd.userId, 'spot', h.asset);
    if (this.ledger.available(account) < h.hold)
      return { code: ResultCode.SPOT_INSUFFICIENT_BALANCE, events: [] };
    const book = this.books.get(cmd.symbol)!;
    // The book checks its own preconditions and changes nothing when it refuses, so it goes first;
    // the hold cannot fail after it (checked just above, nothing ran in between).
    // The book's command field by field (no conditional spreads: one object per order, not seven).
    const byQuote = cmd.type === 'market' && cmd.side === 'buy' && cmd.quoteAmount !== undefined;
    // Same keys in the same order as before (ts last).
    const order = { id: cmd.orderId, userId: cmd.userId, side: cmd.side, type: cmd.type } as PlaceOrder;
    if (cmd.price !== undefined && cmd.type === 'limit') order.price = cmd.price;
    if (cmd.qty !== undefined && !byQuote) order.qty = cmd.qty;
    if (byQuote) order.quoteQty = cmd.quoteAmount! / m.quotePerTickLot;
    if (cmd.protectionPrice !== undefined && cmd.type === 'market')
      order.protectionPrice = cmd.protectionPrice;
    if (cmd.tif !== undefined) order.tif = cmd.tif;
    if (cmd.stp !== undefined) order.stp = cmd.stp;
    order.ts = cmd.ts;
    const r = book.place(order);
    if (r.code !== 'ok') return { code: ResultCode.SPOT_REJECTED_BY_BOOK, events: [] };
    const events: SpotEvent[] = [];
    events.push({
      type: 'spot.ledger',
      entry: this.ledger.mustPost('postingOrder', cmd.orderId, cmd.ts, [
        leg(account, 'available', -h.hold),
        leg(account, 'frozen', h.hold),
      ]),
    });
    this.orders.set(cmd.orderId, {
      orderId: cmd.orderId,
      userId: cmd.userId,
      symbol: cmd.symbol,
      side: cmd.side,
      hold: h.hold,
      price: cmd.type === 'limit' ? cmd.price! : 0,
    });
    this.settle(m, r, cmd.ts, events);
    events.push({
      type: 'spot.accepted',
      symbol: m.symbol,
      orderId: cmd.orderId,
      userId: cmd.userId,
      restingQty: r.restingQty,
      filledQty: r.filledQty,
    });
    // Whatever did not rest is done: give back what it still holds.
    if (r.restingQty === 0 && this.orders.has(cmd.orderId))
      this.release(m, cmd.orderId, 'done', cmd.ts, events);
    // A buy that took liquidity below its price and rests keeps frozen only what the resting part
    // needs at its price: frozen always equals what open orders can still spend.
    const o = this.orders.get(cmd.orderId);
    if (o !== undefined && o.side === 'buy') {
      const excess = o.hold - BigInt(o.price) * BigInt(r.restingQty) * m.quotePerTickLot;
      if (excess > 0n) {
        o.hold -= excess;
        events.push({
          type: 'spot.ledger',
          entry: this.ledger.mustPost('refundPostingOrder', cmd.orderId, cmd.ts, [
            leg(account, 'frozen', -excess),
            leg(account, 'available', excess),
          ]),
        });
      }
    }
    if (r.deltas.length > 0)
      events.push({ type: 'spot.depth', symbol: m.symbol, seq: r.seq, deltas: r.deltas });
    return { code: ResultCode.OK, events };
  }

  /**
   * Amends a resting order (new remaining quantity and/or price; the book keeps its priority only
   * when the quantity goes down). The hold follows: more is frozen first (refused if the balance
   * cannot cover it), less is given back after.
   */
  amend(
    symbol: string,
    orderId: string,
    userId: string,
    change: { qty?: number; price?: number },
    ts: number,
  ): SpotResult {
    const m = this.markets.get(symbol);
    if (m === undefined) return { code: ResultCode.SPOT_UNKNOWN_MARKET, events: [] };
    const o = this.orders.get(orderId);
    if (o === undefined || o.symbol !== symbol) return { code: ResultCode.SPOT_UNKNOWN_ORDER, events: [] };
    if (o.userId !== userId) return { code: ResultCode.SPOT_NOT_ORDER_OWNER, events: [] };
    const book = this.books.get(symbol)!;
    const resting = book.order(orderId)!;
    const isPos = (n: number | undefined) => n === undefined || (Number.isSafeInteger(n) && n > 0);
    if (!isPos(change.qty)) return { code: ResultCode.SPOT_INVALID_QUANTITY, events: [] };
    if (!isPos(change.price)) return { code: ResultCode.SPOT_INVALID_PRICE, events: [] };
    const qty = BigInt(change.qty ?? resting.qty);
    const price = change.price ?? o.price;
    const need = o.side === 'buy' ? BigInt(price) * qty * m.quotePerTickLot : qty * m.basePerLot;
    const account = accountKey(userId, 'spot', o.side === 'buy' ? m.quote : m.base);
    if (need > o.hold && this.ledger.available(account) < need - o.hold) {
      return { code: ResultCode.SPOT_INSUFFICIENT_BALANCE, events: [] };
    }
    const r = book.amend({
      orderId,
      userId,
      ...(change.qty !== undefined ? { qty: change.qty } : {}),
      ...(change.price !== undefined ? { price: change.price } : {}),
      ts,
    });
    if (r.code !== 'ok') return { code: ResultCode.SPOT_REJECTED_BY_BOOK, events: [] };
    const events: SpotEvent[] = [];
    if (need !== o.hold) {
      const more = need > o.hold;
      const d = more ? need - o.hold : o.hold - need;
      events.push({
        type: 'spot.ledger',
        entry: this.ledger.mustPost(more ? 'postingOrder' : 'refundPostingOrder', orderId, ts, [
          leg(account, 'available', more ? -d : d),
          leg(account, 'frozen', more ? d : -d),
        ]),
      });
    }
    o.hold = need;
    o.price = price;
    if (r.deltas.length > 0) events.push({ type: 'spot.depth', symbol, seq: r.seq, deltas: r.deltas });
    return { code: ResultCode.OK, events };
  }

  cancel(symbol: string, orderId: string, userId: string, ts: number): SpotResult {
    const m = this.markets.get(symbol);
    if (m === undefined) return { code: ResultCode.SPOT_UNKNOWN_MARKET, events: [] };
    const o = this.orders.get(orderId);
    if (o === undefined || o.symbol !== symbol) return { code: ResultCode.SPOT_UNKNOWN_ORDER, events: [] };
    if (o.userId !== userId) return { code: ResultCode.SPOT_NOT_ORDER_OWNER, events: [] };
    const r = this.books.get(symbol)!.cancel(orderId, userId);
    if (r.code !== 'ok')
      throw new Error(`spot ${symbol}: order ${orderId} open in settlement but not in book`);
    const events: SpotEvent[] = [];
    this.release(m, orderId, 'user', ts, events);
    if (r.deltas.length > 0) events.push({ type: 'spot.depth', symbol, seq: r.seq, deltas: r.deltas });
    return { code: ResultCode.OK, events };
  }

  cancelAll(symbol: string, userId: string, ts: number): SpotResult {
    const m = this.markets.get(symbol);
    if (m === undefined) return { code: ResultCode.SPOT_UNKNOWN_MARKET, events: [] };
    const r = this.books.get(symbol)!.cancelAll(userId);
    const events: SpotEvent[] = [];
    for (const c of r.cancelled) this.release(m, c.orderId, 'user', ts, events);
    if (r.deltas.length > 0) events.push({ type: 'spot.depth', symbol, seq: r.seq, deltas: r.deltas });
    return { code: ResultCode.OK, events };
  }

  /** Refunds an order's remaining hold (`refundPostingOrder`) and forgets it. */
  private release(m: SpotMarket, orderId: string, reason: string, ts: number, events: SpotEvent[]): void {
    const o = this.orders.get(orderId);
    if (o === undefined) return;
    this.orders.delete(orderId);
    if (o.hold > 0n) {
      const account = accountKey(o.userId, 'spot', o.side === 'buy' ? m.quote : m.base);
      events.push({
        type: 'spot.ledger',
        entry: this.ledger.mustPost('refundPostingOrder', orderId, ts, [
          leg(account, 'frozen', -o.hold),
          leg(account, 'available', o.hold),
        ]),
      });
    }
    if (reason !== 'done') {
      events.push({
        type: 'spot.cancelled',
        symbol: m.symbol,
        orderId,
        userId: o.userId,
        reason,
        refund: o.hold,
      });
    }
  }

  private settle(m: SpotMarket, r: PlaceAccepted, ts: number, events: SpotEvent[]): void {
    for (let i = 0; i < r.fills.length; i++) {
      const f = r.fills[i]!;
      this.settleFill(m, f, `${f.takerOrderId}:${i}`, ts, events);
    }
    for (const c of r.cancelled as readonly Cancelled[]) this.release(m, c.orderId, c.reason, ts, events);
    for (const f of r.fills) if (f.makerRemaining === 0) this.release(m, f.makerOrderId, 'done', ts, events);
  }

  private settleFill(m: SpotMarket, f: Fill, tradeId: string, ts: number, events: SpotEvent[]): void {
    const buyerOrder = f.takerSide === 'buy' ? f.takerOrderId : f.makerOrderId;
    const sellerOrder = f.takerSide === 'buy' ? f.makerOrderId : f.takerOrderId;
    const buyer = this.orders.get(buyerOrder)!;
    const seller = this.orders.get(sellerOrder)!;
    const value = BigInt(f.price) * BigInt(f.qty) * m.quotePerTickLot;
    const baseAmount = BigInt(f.qty) * m.basePerLot;
    const buyerRate = f.takerSide === 'buy' ? m.takerFeePpm : m.makerFeePpm;
    const sellerRate = f.takerSide === 'sell' ? m.takerFeePpm : m.makerFeePpm;
    // Fees round up: the exchange never gives away a fraction of a unit.
    const buyerFee = divRound(baseAmount * buyerRate, 1_000_000n, 'ceil');
    const sellerFee = divRound(value * sellerRate, 1_000_000n, 'ceil');
    if (buyer.hold < value || seller.hold < baseAmount) {
      throw new Error(`spot ${m.symbol}: fill ${tradeId} exceeds the orders' holds`);
    }
    buyer.hold -= value;
    seller.hold -= baseAmount;
    const bq = accountKey(buyer.userId, 'spot', m.quote);
    const bb = accountKey(buyer.userId, 'spot', m.base);
    const sq = accountKey(seller.userId, 'spot', m.quote);
    const sb = accountKey(seller.userId, 'spot', m.base);
    events.push({
      type: 'spot.ledger',
      entry: this.ledger.mustPost('execution', tradeId, ts, [
        leg(bq, 'frozen', -value),
        leg(sq, 'available', value - sellerFee),
        leg(systemAccount('fee', m.quote), 'available', sellerFee),
        leg(sb, 'frozen', -baseAmount),
        leg(bb, 'available', baseAmount - buyerFee),
        leg(systemAccount('fee', m.base), 'available', buyerFee),
      ]),
    });
    events.push({
      type: 'spot.trade',
      trade: {
        tradeId,
        symbol: m.symbol,
        price: f.price,
        qty: f.qty,
        takerSide: f.takerSide,
        makerOrderId: f.makerOrderId,
        takerOrderId: f.takerOrderId,
        buyerId: buyer.userId,
        sellerId: seller.userId,
        value,
        buyerFee,
        sellerFee,
        ts,
      },
    });
  }

  snapshot(): SpotSnapshot {
    return {
      books: [...this.books.entries()].sort((a, b) => cmp(a[0], b[0])).map(([s, b]) => [s, b.snapshot()]),
      orders: [...this.orders.values()]
        .sort((a, b) => cmp(a.orderId, b.orderId))
        .map((o) => [o.orderId, o.userId, o.symbol, o.side, o.hold.toString(), o.price]),
    };
  }

  restore(s: SpotSnapshot): void {
    this.books = new Map(s.books.map(([sym, b]) => [sym, this.bookFactory.restore(b)]));
    this.orders = new Map(
      s.orders.map(([orderId, userId, symbol, side, hold, price]) => [
        orderId,
        { orderId, userId, symbol, side, hold: BigInt(hold), price },
      ]),
    );
  }
}

export const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
