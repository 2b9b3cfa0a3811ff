// The reference book: one array per side kept in priority order, everything found by scanning.
// Slow on purpose, written to be obviously correct; the fast book must agree with it on every command.

import {
  checkSnapshot,
  defaultStp,
  defaultTif,
  EMPTY,
  isLots,
  isTicks,
  snapshotHash,
  TouchedLevels,
  takerCancelled,
  validatePlace,
} from './common.ts';
import type {
  AmendOrder,
  AmendResult,
  BookSnapshot,
  CancelAllResult,
  Cancelled,
  CancelReason,
  CancelResult,
  Depth,
  Fill,
  OrderBook,
  OrderView,
  PlaceOrder,
  PlaceResult,
  Side,
  SnapshotOrder,
} from './types.ts';

interface Order {
  id: string;
  userId: string;
  side: Side;
  price: number;
  qty: number;
  ts: number;
  acceptSeq: number;
}

/** Does a resting price `p` satisfy an incoming order's `limit` (undefined = any price)? */
function crosses(side: Side, p: number, limit: number | undefined): boolean {
  if (limit === undefined) return true;
  return side === 'buy' ? p <= limit : p >= limit;
}

export class NaiveOrderBook implements OrderBook {
  /** Bids: highest price first; asks: lowest first; equal prices in time order. */
  private bids: Order[] = [];
  private asks: Order[] = [];
  private seqNo = 0;
  private nextAcceptSeq = 1;

  static restore(s: BookSnapshot): NaiveOrderBook {
    checkSnapshot(s);
    const b = new NaiveOrderBook();
    b.seqNo = s.seq;
    b.nextAcceptSeq = s.nextAcceptSeq;
    const load = (side: Side, o: SnapshotOrder): Order => ({
      id: o[0],
      userId: o[1],
      side,
      price: o[2],
      qty: o[3],
      ts: o[4],
      acceptSeq: o[5],
    });
    b.bids = s.bids.map((o) => load('buy', o));
    b.asks = s.asks.map((o) => load('sell', o));
    return b;
  }

  private sideOf(side: Side): Order[] {
    return side === 'buy' ? this.bids : this.asks;
  }

  private find(id: string): Order | undefined {
    return this.bids.find((o) => o.id === id) ?? this.asks.find((o) => o.id === id);
  }

  hasOrder(id: string): boolean {
    return this.find(id) !== undefined;
  }

  levelTotal(side: Side, price: number): number {
    return this.sideOf(side)
      .filter((o) => o.price === price)
      .reduce((sum, o) => sum + o.qty, 0);
  }

  private remove(o: Order): void {
    const arr = this.sideOf(o.side);
    arr.splice(arr.indexOf(o), 1);
  }

  /** At the back of its price level. */
  private insert(o: Order): void {
    const arr = this.sideOf(o.side);
    const better = (p: number) => (o.side === 'buy' ? p >= o.price : p <= o.price);
    let i = 0;
    while (i < arr.length && better(arr[i]!.price)) i++;
    arr.splice(i, 0, o);
  }

  private finish<T extends object>(
    touched: TouchedLevels,
    result: T,
  ): T & { deltas: PlaceResult['deltas']; seq: number } {
    if (touched.size > 0) this.seqNo++;
    return {
      ...result,
      deltas: touched.size > 0 ? touched.deltas((side, price) => this.levelTotal(side, price)) : EMPTY,
      seq: this.seqNo,
    };
  }

  place(cmd: PlaceOrder): PlaceResult {
    const reject = validatePlace(cmd, this);
    if (reject !== undefined) return { code: reject, orderId: cmd.id, deltas: EMPTY, seq: this.seqNo };
    const acceptSeq = this.nextAcceptSeq++;
    const tif = defaultTif(cmd);
    const stp = defaultStp(cmd);
    const touched = new TouchedLevels();
    const fills: Fill[] = [];
    const cancelled: Cancelled[] = [];
    const opposite = cmd.side === 'buy' ? this.asks : this.bids;
    const limit = cmd.type === 'limit' ? cmd.price : cmd.protectionPrice;
    const byQuote = cmd.quoteQty !== undefined;
    let remaining = cmd.qty ?? 0;
    let quote = cmd.quoteQty ?? 0n;
    let filledQty = 0;
    const done = (restingQty: number) =>
      this.finish(touched, { code: 'ok' as const, orderId: cmd.id, fills, cancelled, filledQty, restingQty });

    const best = opposite[0];
    if (tif === 'POST_ONLY' && best !== undefined && crosses(cmd.side, best.price, limit)) {
      cancelled.push(takerCancelled(cmd, remaining, undefined, 'post_only_would_cross'));
      return done(0);
    }
    if (tif === 'FOK') {
      // Walk the book as matching would, without changing it.
      let available = 0;
      for (const m of opposite) {
        if (!crosses(cmd.side, m.price, limit)) break;
        if (m.userId === cmd.userId && stp !== 'none') {
          if (stp === 'cancel_oldest') continue;
          break;
        }
        available += m.qty;
        if (available >= remaining) break;
      }
      if (available < remaining) {
        cancelled.push(takerCancelled(cmd, remaining, undefined, 'fok_unfillable'));
        return done(0);
      }
    }

    let stopReason: CancelReason | undefined;
    for (;;) {
      if (byQuote ? quote <= 0n : remaining <= 0) break;
      const maker = opposite[0];
      if (maker === undefined) break;
      if (!crosses(cmd.side, maker.price, limit)) {
        stopReason = 'protection_bound';
        break;
      }
      if (maker.userId === cmd.userId && stp !== 'none') {
        if (stp === 'cancel_oldest' || stp === 'cancel_both') {
          opposite.shift();
          touched.touch(maker.side, maker.price);
          cancelled.push({
            orderId: maker.id,
            userId: maker.userId,
            side: maker.side,
            price: maker.price,
            qty: maker.qty,
            reason: 'self_trade',
            wasResting: true,
          });
        }
        if (stp === 'cancel_newest' || stp === 'cancel_both') {
          stopReason = 'self_trade';
          break;
        }
        continue;
      }
      let q: number;
      if (byQuote) {
        const affordable = quote / BigInt(maker.price);
        q = affordable < BigInt(maker.qty) ? Number(affordable) : maker.qty;
        if (q === 0) break;
        quote -= BigInt(q) * BigInt(maker.price);
      } else {
        q = Math.min(remaining, maker.qty);
        remaining -= q;
      }
      maker.qty -= q;
      filledQty += q;
      touched.touch(maker.side, maker.price);
      fills.push({
        makerOrderId: maker.id,
        makerUserId: maker.userId,
        takerOrderId: cmd.id,
        takerUserId: cmd.userId,
        takerSide: cmd.side,
        price: maker.price,
        qty: q,
        makerRemaining: maker.qty,
        ts: cmd.ts,
      });
      if (maker.qty === 0) opposite.shift();
    }

    if (byQuote) {
      if (quote > 0n) cancelled.push(takerCancelled(cmd, 0, quote, stopReason ?? 'market_leftover'));
      return done(0);
    }
    if (remaining === 0) return done(0);
    if (stopReason === 'self_trade') {
      cancelled.push(takerCancelled(cmd, remaining, undefined, 'self_trade'));
      return done(0);
    }
    if (cmd.type === 'market') {
      cancelled.push(takerCancelled(cmd, remaining, undefined, stopReason ?? 'market_leftover'));
      return done(0);
    }
    if (tif === 'IOC') {
      cancelled.push(takerCancelled(cmd, remaining, undefined, 'ioc_leftover'));
      return done(0);
    }
    if (tif === 'FOK') throw new Error('FOK order left quantity after a successful pre-check');
    this.insert({
      id: cmd.id,
      userId: cmd.userId,
      side: cmd.side,
      price: cmd.price!,
      qty: remaining,
      ts: cmd.ts,
      acceptSeq,
    });
    touched.touch(cmd.side, cmd.price!);
    return done(remaining);
  }

  private cancelOrder(o: Order, touched: TouchedLevels): Cancelled {
    this.remove(o);
    touched.touch(o.side, o.price);
    return {
      orderId: o.id,
      userId: o.userId,
      side: o.side,
      price: o.price,
      qty: o.qty,
      reason: 'user',
      wasResting: true,
    };
  }

  cancel(orderId: string, userId?: string): CancelResult {
    const o = this.find(orderId);
    if (o === undefined) return { code: 'order_not_found', orderId, deltas: EMPTY, seq: this.seqNo };
    if (userId !== undefined && o.userId !== userId)
      return { code: 'not_owner', orderId, deltas: EMPTY, seq: this.seqNo };
    const touched = new TouchedLevels();
    const cancelled = this.cancelOrder(o, touched);
    return this.finish(touched, { code: 'ok' as const, cancelled });
  }

  cancelAll(userId: string): CancelAllResult {
    const mine = [...this.bids, ...this.asks]
      .filter((o) => o.userId === userId)
      .sort((a, b) => a.acceptSeq - b.acceptSeq);
    const touched = new TouchedLevels();
    const cancelled = mine.map((o) => this.cancelOrder(o, touched));
    return this.finish(touched, { code: 'ok' as const, cancelled });
  }

  amend(cmd: AmendOrder): AmendResult {
    const fail = (code: Exclude<AmendResult['code'], 'ok'>): AmendResult => ({
      code,
      orderId: cmd.orderId,
      deltas: EMPTY,
      seq: this.seqNo,
    });
    const o = this.find(cmd.orderId);
    if (o === undefined) return fail('order_not_found');
    if (cmd.userId !== undefined && o.userId !== cmd.userId) return fail('not_owner');
    if (cmd.qty !== undefined && !isLots(cmd.qty)) return fail('invalid_qty');
    if (cmd.price !== undefined && !isTicks(cmd.price)) return fail('invalid_price');
    const price = cmd.price ?? o.price;
    const qty = cmd.qty ?? o.qty;
    if (price !== o.price) {
      const best = (o.side === 'buy' ? this.asks : this.bids)[0];
      if (best !== undefined && crosses(o.side, best.price, price)) return fail('would_cross');
    }
    const others = this.levelTotal(o.side, price) - (price === o.price ? o.qty : 0);
    if (others + qty > Number.MAX_SAFE_INTEGER) return fail('level_overflow');

    const touched = new TouchedLevels();
    const keptPriority = price === o.price && qty <= o.qty;
    if (price !== o.price || qty !== o.qty) {
      touched.touch(o.side, o.price);
      if (keptPriority) {
        o.qty = qty;
      } else {
        this.remove(o);
        o.price = price;
        o.qty = qty;
        o.ts = cmd.ts;
        this.insert(o);
        touched.touch(o.side, o.price);
      }
    }
    return this.finish(touched, { code: 'ok' as const, order: view(o), keptPriority });
  }

  bestBid(): number | undefined {
    return this.bids[0]?.price;
  }
  bestAsk(): number | undefined {
    return this.asks[0]?.price;
  }

  depth(levels: number): Depth {
    const agg = (arr: Order[]) => {
      const out: [number, number][] = [];
      for (const o of arr) {
        const last = out[out.length - 1];
        if (last !== undefined && last[0] === o.price) last[1] += o.qty;
        else if (out.length < levels) out.push([o.price, o.qty]);
        else break;
      }
      return out;
    };
    return { bids: agg(this.bids), asks: agg(this.asks), seq: this.seqNo };
  }

  order(orderId: string): OrderView | undefined {
    const o = this.find(orderId);
    return o === undefined ? undefined : view(o);
  }

  size(): number {
    return this.bids.length + this.asks.length;
  }

  seq(): number {
    return this.seqNo;
  }

  snapshot(): BookSnapshot {
    const out = (o: Order): SnapshotOrder => [o.id, o.userId, o.price, o.qty, o.ts, o.acceptSeq];
    return {
      version: 1,
      seq: this.seqNo,
      nextAcceptSeq: this.nextAcceptSeq,
      bids: this.bids.map(out),
      asks: this.asks.map(out),
    };
  }

  stateHash(): string {
    return snapshotHash(this.snapshot());
  }
}

function view(o: Order): OrderView {
  return {
    id: o.id,
    userId: o.userId,
    side: o.side,
    price: o.price,
    qty: o.qty,
    ts: o.ts,
    acceptSeq: o.acceptSeq,
  };
}
