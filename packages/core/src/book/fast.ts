// The production book. Same contract and same results as NaiveOrderBook, with:
// - order id -> node map and an intrusive doubly-linked list per price level: O(1) cancel;
// - per side, the levels in an array sorted so the best is LAST: O(1) best price, O(1) removal of the
//   best level while matching, O(log n) search + a short memmove to add or drop any other level;
// - price -> level map: O(1) insert at an existing level;
// - pooled nodes and levels, and shared empty arrays, so a command allocates only what it returns.
// No bigint on the hot path (only market-by-quote orders use it).

import {
  checkSnapshot,
  defaultStp,
  defaultTif,
  EMPTY,
  isLots,
  isTicks,
  snapshotHash,
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
  DepthDelta,
  Fill,
  OrderBook,
  OrderView,
  PlaceOrder,
  PlaceResult,
  RejectCode,
  Rejected,
  Side,
  SnapshotOrder,
} from './types.ts';

class Node {
  id = '';
  userId = '';
  price = 0;
  qty = 0;
  ts = 0;
  acceptSeq = 0;
  prev: Node | null = null;
  next: Node | null = null;
  level: Level | null = null;
}

class Level {
  price = 0;
  total = 0;
  count = 0;
  head: Node | null = null;
  tail: Node | null = null;
  /** Command stamp of the last touch, to emit one delta per level per command. */
  stamp = 0;
  constructor(readonly side: BookSide) {}
}

/**
 * Price -> level lookups go through a direct array over a window of ticks (a Map<number, Level> costs
 * a hash and a builtin call per lookup, several per command); prices outside the window fall back to
 * a Map. The window is re-centred when it holds fewer levels than the Map (amortised, see addLevel).
 */
const WINDOW = 4096;
/** Up to this many levels move by hand when a level is added or removed; beyond, splice(). */
const SHIFT_MAX = 32;

class BookSide {
  readonly isBuy: boolean;
  readonly name: Side;
  /** Levels at prices base .. base + WINDOW - 1, by price - base (null: no level). */
  private win: (Level | null)[] = new Array<Level | null>(WINDOW).fill(null);
  private base = 0;
  private inWin = 0;
  /** Levels created outside the window since it last moved. */
  private misses = 0;
  private readonly far = new Map<number, Level>();
  /** Best last: bids ascending, asks descending. */
  readonly sorted: Level[] = [];
  constructor(name: Side) {
    this.name = name;
    this.isBuy = name === 'buy';
  }

  best(): Level | undefined {
    return this.sorted[this.sorted.length - 1];
  }

  get(price: number): Level | undefined {
    const i = price - this.base;
    if (i >= 0 && i < WINDOW) return this.win[i] ?? undefined;
    return this.far.size === 0 ? undefined : this.far.get(price);
  }

  /** Number of levels (for the invariant check). */
  levelCount(): number {
    return this.inWin + this.far.size;
  }

  private index(l: Level): void {
    const i = l.price - this.base;
    if (i >= 0 && i < WINDOW) {
      this.win[i] = l;
      this.inWin++;
    } else {
      this.far.set(l.price, l);
    }
  }

  /** Centres the window on `price` and re-files every level: O(levels), rare. */
  private recentre(price: number): void {
    this.win.fill(null);
    this.far.clear();
    this.inWin = 0;
    this.misses = 0;
    this.base = price - (WINDOW >> 1);
    const a = this.sorted;
    for (let k = 0; k < a.length; k++) this.index(a[k]!);
  }

  /** Index where a level at `price` is or would go (keeps `sorted` ordered, best last). */
  private search(price: number): number {
    const a = this.sorted;
    let lo = 0;
    let hi = a.length;
    if (this.isBuy) {
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (a[mid]!.price < price) lo = mid + 1;
        else hi = mid;
      }
    } else {
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (a[mid]!.price > price) lo = mid + 1;
        else hi = mid;
      }
    }
    return lo;
  }

  addLevel(l: Level): void {
    const a = this.sorted;
    const best = a[a.length - 1];
    // The common case in a live market: a new best price, or a level right behind the best.
    if (best === undefined || (this.isBuy ? l.price > best.price : l.price < best.price)) a.push(l);
    else {
      // Near the best (the end, the usual case) a hand-written shift of a few slots beats splice(),
      // which allocates the array of removed elements; far from it splice's memmove wins.
      const at = this.search(l.price);
      if (a.length - at > SHIFT_MAX) a.splice(at, 0, l);
      else {
        a.push(l);
        for (let j = a.length - 1; j > at; j--) a[j] = a[j - 1]!;
        a[at] = l;
      }
    }
    const i = l.price - this.base;
    if (i >= 0 && i < WINDOW) {
      this.win[i] = l;
      this.inWin++;
    } else if ((this.inWin === 0 || this.far.size >= this.inWin) && ++this.misses >= a.length) {
      // Re-centre when the window has drifted away from where levels are created, but only after as
      // many out-of-window creations as there are levels, so its O(levels) cost stays O(1) amortised
      // even on a sparse book whose levels never fit one window.
      this.recentre(l.price);
    } else {
      this.far.set(l.price, l);
    }
  }

  removeLevel(l: Level): void {
    const i = l.price - this.base;
    if (i >= 0 && i < WINDOW) {
      this.win[i] = null;
      this.inWin--;
    } else {
      this.far.delete(l.price);
    }
    const a = this.sorted;
    if (a[a.length - 1] === l) {
      a.pop();
      return;
    }
    const last = a.length - 1;
    const at = this.search(l.price);
    if (last - at > SHIFT_MAX) {
      a.splice(at, 1);
      return;
    }
    for (let j = at; j < last; j++) a[j] = a[j + 1]!;
    a.pop();
  }
}

/** The fill of `q` lots of maker `m` (its quantity already reduced) by taker `cmd` at `price`. */
function makerFill(m: Node, cmd: PlaceOrder, price: number, q: number): Fill {
  return {
    makerOrderId: m.id,
    makerUserId: m.userId,
    takerOrderId: cmd.id,
    takerUserId: cmd.userId,
    takerSide: cmd.side,
    price,
    qty: q,
    makerRemaining: m.qty,
    ts: cmd.ts,
  };
}

export class FastOrderBook implements OrderBook {
  private readonly bids = new BookSide('buy');
  private readonly asks = new BookSide('sell');
  private readonly orders = new Map<string, Node>();
  private seqNo = 0;
  private nextAcceptSeq = 1;
  private stampNo = 0;
  // Scratch lists reused by every command; counters instead of `length = 0`, which is a slow path in V8.
  private readonly touched: Level[] = [];
  private touchedN = 0;
  /** Levels emptied during the current command, returned to the pool once deltas are built. */
  private readonly emptied: Level[] = [];
  private emptiedN = 0;
  private readonly nodePool: Node[] = [];
  private readonly bidLevelPool: Level[] = [];
  private readonly askLevelPool: Level[] = [];

  hasOrder(id: string): boolean {
    return this.orders.has(id);
  }

  /** Lots resting at a price (0 when there is no level). */
  levelTotal(side: Side, price: number): number {
    return (side === 'buy' ? this.bids : this.asks).get(price)?.total ?? 0;
  }

  static restore(s: BookSnapshot): FastOrderBook {
    checkSnapshot(s);
    const b = new FastOrderBook();
    const load = (side: BookSide, o: SnapshotOrder) => {
      const n = b.newNode();
      n.id = o[0];
      n.userId = o[1];
      n.price = o[2];
      n.qty = o[3];
      n.ts = o[4];
      n.acceptSeq = o[5];
      b.orders.set(n.id, n);
      b.append(side, n);
    };
    for (const o of s.bids) load(b.bids, o);
    for (const o of s.asks) load(b.asks, o);
    b.touchedN = 0;
    b.seqNo = s.seq;
    b.nextAcceptSeq = s.nextAcceptSeq;
    return b;
  }

  private newNode(): Node {
    return this.nodePool.pop() ?? new Node();
  }

  private freeNode(n: Node): void {
    n.prev = null;
    n.next = null;
    n.level = null;
    this.nodePool.push(n);
  }

  private touch(l: Level): void {
    if (l.stamp !== this.stampNo) {
      l.stamp = this.stampNo;
      this.touched[this.touchedN++] = l;
    }
  }

  /** Adds `n` at the back of its price level on `side`, creating the level if needed. */
  private append(side: BookSide, n: Node): void {
    this.appendAt(side, n, side.get(n.price));
  }

  /** append() with the level at `n.price` already looked up (undefined: none yet). */
  private appendAt(side: BookSide, n: Node, level: Level | undefined): void {
    const l = level ?? this.newLevel(side, n.price);
    n.level = l;
    n.prev = l.tail;
    n.next = null;
    if (l.tail === null) l.head = n;
    else l.tail.next = n;
    l.tail = n;
    l.count++;
    l.total += n.qty;
    this.touch(l);
  }

  private newLevel(side: BookSide, price: number): Level {
    const l = (side.isBuy ? this.bidLevelPool : this.askLevelPool).pop() ?? new Level(side);
    l.price = price;
    l.total = 0;
    l.count = 0;
    l.head = null;
    l.tail = null;
    side.addLevel(l);
    return l;
  }

  /** Unlinks `n` from its level; drops the level when it empties. Does not free the node. */
  private unlink(n: Node): void {
    const l = n.level!;
    if (n.prev === null) l.head = n.next;
    else n.prev.next = n.next;
    if (n.next === null) l.tail = n.prev;
    else n.next.prev = n.prev;
    l.count--;
    l.total -= n.qty;
    this.touch(l);
    if (l.count === 0) {
      l.side.removeLevel(l);
      this.emptied[this.emptiedN++] = l;
    }
  }

  /** Ends a command: builds the deltas, bumps seq, recycles emptied levels. */
  private deltas(): readonly DepthDelta[] {
    const t = this.touched;
    const n = this.touchedN;
    if (n === 0) return EMPTY;
    let out: DepthDelta[];
    if (n === 1) {
      const l = t[0]!;
      out = [{ side: l.side.name, price: l.price, qty: l.total }];
    } else {
      out = [];
      for (let i = 0; i < n; i++) {
        const l = t[i]!;
        out.push({ side: l.side.name, price: l.price, qty: l.total });
      }
    }
    this.touchedN = 0;
    const e = this.emptied;
    for (let i = 0; i < this.emptiedN; i++) {
      const l = e[i]!;
      (l.side.isBuy ? this.bidLevelPool : this.askLevelPool).push(l);
    }
    this.emptiedN = 0;
    this.seqNo++;
    return out;
  }

  place(cmd: PlaceOrder): PlaceResult {
    if (cmd.type === 'limit') {
      const r = this.placePassive(cmd);
      if (r !== undefined) return r;
    }
    const reject = validatePlace(cmd, this);
    if (reject !== undefined) return { code: reject, orderId: cmd.id, deltas: EMPTY, seq: this.seqNo };
    this.stampNo++;
    const acceptSeq = this.nextAcceptSeq++;
    const tif = defaultTif(cmd);
    const stp = defaultStp(cmd);
    const isBuy = cmd.side === 'buy';
    const opp = isBuy ? this.asks : this.bids;
    const oppLevels = opp.sorted;
    const limit = cmd.type === 'limit' ? cmd.price! : cmd.protectionPrice;
    const hasLimit = limit !== undefined;
    const lim = hasLimit ? limit : 0;
    const userId = cmd.userId;
    const stpActive = stp !== 'none';
    let fills: Fill[] | undefined;
    let cancelled: Cancelled[] | undefined;
    let remaining = cmd.qty ?? 0;
    let filledQty = 0;
    let restingQty = 0;

    if (tif === 'POST_ONLY' || tif === 'FOK') {
      const best = opp.best();
      const bestCrosses =
        best !== undefined && (!hasLimit || (isBuy ? best.price <= lim : best.price >= lim));
      if (tif === 'POST_ONLY' && bestCrosses) {
        return this.placeDone(
          cmd,
          EMPTY,
          [takerCancelled(cmd, remaining, undefined, 'post_only_would_cross')],
          0,
          0,
        );
      }
      if (tif === 'FOK' && !this.fokFillable(oppLevels, isBuy, hasLimit, lim, userId, stp, remaining)) {
        return this.placeDone(
          cmd,
          EMPTY,
          [takerCancelled(cmd, remaining, undefined, 'fok_unfillable')],
          0,
          0,
        );
      }
    }

    if (cmd.quoteQty !== undefined) return this.matchByQuote(cmd, opp, hasLimit, lim, stp);

    let stopReason: CancelReason | undefined;
    outer: while (remaining > 0) {
      const l = oppLevels[oppLevels.length - 1];
      if (l === undefined) break;
      const price = l.price;
      if (hasLimit && (isBuy ? price > lim : price < lim)) {
        stopReason = 'protection_bound';
        break;
      }
      let m = l.head;
      while (m !== null && remaining > 0) {
        const next = m.next;
        if (stpActive && m.userId === userId) {
          if (stp !== 'cancel_newest') {
            if (cancelled === undefined) cancelled = [];
            cancelled.push(this.removeResting(m, 'self_trade'));
          }
          if (stp !== 'cancel_oldest') {
            stopReason = 'self_trade';
            break outer;
          }
          m = next;
          continue;
        }
        const q = Math.min(remaining, m.qty);
        remaining -= q;
        filledQty += q;
        m.qty -= q;
        l.total -= q;
        if (fills === undefined) fills = [];
        fills.push(makerFill(m, cmd, price, q));
        if (m.qty === 0) {
          this.dropNode(m);
        } else {
          this.touch(l);
        }
        m = next;
      }
    }

    if (remaining > 0) {
      if (stopReason === 'self_trade') {
        if (cancelled === undefined) cancelled = [];
        cancelled.push(takerCancelled(cmd, remaining, undefined, 'self_trade'));
      } else if (cmd.type === 'market') {
        if (cancelled === undefined) cancelled = [];
        cancelled.push(takerCancelled(cmd, remaining, undefined, stopReason ?? 'market_leftover'));
      } else if (tif === 'IOC') {
        if (cancelled === undefined) cancelled = [];
        cancelled.push(takerCancelled(cmd, remaining, undefined, 'ioc_leftover'));
      } else if (tif === 'FOK') {
        throw new Error('FOK order left quantity after a successful pre-check');
      } else {
        const n = this.newNode();
        n.id = cmd.id;
        n.userId = userId;
        n.price = cmd.price!;
        n.qty = remaining;
        n.ts = cmd.ts;
        n.acceptSeq = acceptSeq;
        this.orders.set(n.id, n);
        this.append(isBuy ? this.bids : this.asks, n);
        restingQty = remaining;
      }
    }
    return this.placeDone(cmd, fills ?? EMPTY, cancelled ?? EMPTY, filledQty, restingQty);
  }

  /**
   * The commonest command, a limit GTC or post-only order that does not reach the opposite best, rests
   * without matching. Once every field check of validatePlace has passed here, only its two checks
   * that need the book remain (duplicate id, then level overflow), so the refusal codes are the same.
   * Returns undefined for anything else (including every malformed command): the general path decides.
   */
  private placePassive(cmd: PlaceOrder): PlaceResult | undefined {
    const id = cmd.id;
    const price = cmd.price;
    const qty = cmd.qty;
    const tif = cmd.tif;
    const stp = cmd.stp;
    if (typeof id !== 'string' || id.length === 0) return undefined;
    if (tif !== undefined && tif !== 'GTC' && tif !== 'POST_ONLY') return undefined;
    if (
      stp !== undefined &&
      stp !== 'none' &&
      stp !== 'cancel_newest' &&
      stp !== 'cancel_oldest' &&
      stp !== 'cancel_both'
    )
      return undefined;
    if (!isTicks(price) || !isLots(qty) || cmd.quoteQty !== undefined || cmd.protectionPrice !== undefined)
      return undefined;
    let own: BookSide;
    if (cmd.side === 'buy') {
      own = this.bids;
      const best = this.asks.best();
      if (best !== undefined && best.price <= price) return undefined;
    } else if (cmd.side === 'sell') {
      own = this.asks;
      const best = this.bids.best();
      if (best !== undefined && best.price >= price) return undefined;
    } else return undefined;
    if (this.orders.has(id)) return this.refuse('duplicate_order_id', id);
    const l = own.get(price);
    if (l !== undefined && l.total + qty > Number.MAX_SAFE_INTEGER) return this.refuse('level_overflow', id);
    const n = this.newNode();
    n.id = id;
    n.userId = cmd.userId;
    n.price = price;
    n.qty = qty;
    n.ts = cmd.ts;
    n.acceptSeq = this.nextAcceptSeq++;
    this.orders.set(id, n);
    // One level touched: link and build its delta here, without the touched-list bookkeeping.
    const lv = l ?? this.newLevel(own, price);
    n.level = lv;
    n.prev = lv.tail;
    n.next = null;
    if (lv.tail === null) lv.head = n;
    else lv.tail.next = n;
    lv.tail = n;
    lv.count++;
    lv.total += qty;
    const deltas: DepthDelta[] = [{ side: own.name, price, qty: lv.total }];
    this.seqNo++;
    return {
      code: 'ok',
      orderId: id,
      fills: EMPTY,
      cancelled: EMPTY,
      filledQty: 0,
      restingQty: qty,
      deltas,
      seq: this.seqNo,
    };
  }

  private placeDone(
    cmd: PlaceOrder,
    fills: readonly Fill[],
    cancelled: readonly Cancelled[],
    filledQty: number,
    restingQty: number,
  ): PlaceResult {
    const deltas = this.deltas();
    return { code: 'ok', orderId: cmd.id, fills, cancelled, filledQty, restingQty, deltas, seq: this.seqNo };
  }

  private makerCancelled(m: Node, side: Side, reason: CancelReason): Cancelled {
    return { orderId: m.id, userId: m.userId, side, price: m.price, qty: m.qty, reason, wasResting: true };
  }

  /** Walks the opposite side as matching would, without changing it. */
  private fokFillable(
    levels: Level[],
    isBuy: boolean,
    hasLimit: boolean,
    lim: number,
    userId: string,
    stp: string,
    qty: number,
  ): boolean {
    let available = 0;
    for (let i = levels.length - 1; i >= 0; i--) {
      const l = levels[i]!;
      if (hasLimit && (isBuy ? l.price > lim : l.price < lim)) return false;
      if (stp === 'none') {
        available += l.total;
        if (available >= qty) return true;
        continue;
      }
      for (let m = l.head; m !== null; m = m.next) {
        if (m.userId === userId) {
          if (stp === 'cancel_oldest') continue;
          return false;
        }
        available += m.qty;
        if (available >= qty) return true;
      }
    }
    return false;
  }

  private matchByQuote(
    cmd: PlaceOrder,
    opp: BookSide,
    hasLimit: boolean,
    lim: number,
    stp: string,
  ): PlaceResult {
    const isBuy = cmd.side === 'buy';
    const levels = opp.sorted;
    let quote = cmd.quoteQty!;
    let filledQty = 0;
    let fills: Fill[] | undefined;
    let cancelled: Cancelled[] | undefined;
    let stopReason: CancelReason | undefined;
    outer: while (quote > 0n) {
      const l = levels[levels.length - 1];
      if (l === undefined) break;
      const price = l.price;
      if (hasLimit && (isBuy ? price > lim : price < lim)) {
        stopReason = 'protection_bound';
        break;
      }
      const bigPrice = BigInt(price);
      let m = l.head;
      while (m !== null && quote > 0n) {
        const next = m.next;
        if (stp !== 'none' && m.userId === cmd.userId) {
          if (stp !== 'cancel_newest') {
            if (cancelled === undefined) cancelled = [];
            cancelled.push(this.removeResting(m, 'self_trade'));
          }
          if (stp !== 'cancel_oldest') {
            stopReason = 'self_trade';
            break outer;
          }
          m = next;
          continue;
        }
        const affordable = quote / bigPrice;
        const q = affordable < BigInt(m.qty) ? Number(affordable) : m.qty;
        if (q === 0) break outer;
        quote -= BigInt(q) * bigPrice;
        filledQty += q;
        m.qty -= q;
        l.total -= q;
        if (fills === undefined) fills = [];
        fills.push(makerFill(m, cmd, price, q));
        if (m.qty === 0) {
          this.dropNode(m);
        } else {
          // Partly filled: the quote left cannot buy another lot at this price.
          this.touch(l);
          break outer;
        }
        m = next;
      }
    }
    if (quote > 0n) {
      if (cancelled === undefined) cancelled = [];
      cancelled.push(takerCancelled(cmd, 0, quote, stopReason ?? 'market_leftover'));
    }
    return this.placeDone(cmd, fills ?? EMPTY, cancelled ?? EMPTY, filledQty, 0);
  }

  private removeResting(n: Node, reason: CancelReason): Cancelled {
    const c = this.makerCancelled(n, n.level!.side.name, reason);
    this.dropNode(n);
    return c;
  }

  /** Takes an order out of its level and the id map, and gives its node back to the pool. */
  private dropNode(n: Node): void {
    this.unlink(n);
    this.orders.delete(n.id);
    this.freeNode(n);
  }

  cancel(orderId: string, userId?: string): CancelResult {
    const n = this.orders.get(orderId);
    if (n === undefined) return { code: 'order_not_found', orderId, deltas: EMPTY, seq: this.seqNo };
    if (userId !== undefined && n.userId !== userId)
      return { code: 'not_owner', orderId, deltas: EMPTY, seq: this.seqNo };
    // One order, one level: unlink and build the delta here, without the touched-list bookkeeping
    // (the next command takes a new stamp anyway).
    const l = n.level!;
    const side = l.side;
    const cancelled: Cancelled = {
      orderId: n.id,
      userId: n.userId,
      side: side.name,
      price: n.price,
      qty: n.qty,
      reason: 'user',
      wasResting: true,
    };
    if (n.prev === null) l.head = n.next;
    else n.prev.next = n.next;
    if (n.next === null) l.tail = n.prev;
    else n.next.prev = n.prev;
    l.count--;
    l.total -= n.qty;
    this.orders.delete(n.id);
    this.freeNode(n);
    const deltas: DepthDelta[] = [{ side: side.name, price: l.price, qty: l.total }];
    if (l.count === 0) {
      side.removeLevel(l);
      (side.isBuy ? this.bidLevelPool : this.askLevelPool).push(l);
    }
    this.seqNo++;
    return { code: 'ok', cancelled, deltas, seq: this.seqNo };
  }

  /** O(orders in the book): a rare command, kept off the per-order hot path. */
  cancelAll(userId: string): CancelAllResult {
    const mine: Node[] = [];
    for (const n of this.orders.values()) if (n.userId === userId) mine.push(n);
    if (mine.length === 0) return { code: 'ok', cancelled: EMPTY, deltas: EMPTY, seq: this.seqNo };
    mine.sort((a, b) => a.acceptSeq - b.acceptSeq);
    this.stampNo++;
    const cancelled = mine.map((n) => this.removeResting(n, 'user'));
    const deltas = this.deltas();
    return { code: 'ok', cancelled, deltas, seq: this.seqNo };
  }

  private refuse(code: RejectCode, orderId: string): Rejected {
    return { code, orderId, deltas: EMPTY, seq: this.seqNo };
  }

  amend(cmd: AmendOrder): AmendResult {
    const n = this.orders.get(cmd.orderId);
    if (n === undefined) return this.refuse('order_not_found', cmd.orderId);
    if (cmd.userId !== undefined && n.userId !== cmd.userId) return this.refuse('not_owner', cmd.orderId);
    if (cmd.qty !== undefined && !isLots(cmd.qty)) return this.refuse('invalid_qty', cmd.orderId);
    if (cmd.price !== undefined && !isTicks(cmd.price)) return this.refuse('invalid_price', cmd.orderId);
    const side = n.level!.side;
    const price = cmd.price ?? n.price;
    const qty = cmd.qty ?? n.qty;
    if (price !== n.price) {
      const best = (side.isBuy ? this.asks : this.bids).best();
      if (best !== undefined && (side.isBuy ? best.price <= price : best.price >= price))
        return this.refuse('would_cross', cmd.orderId);
    }
    const others = this.levelTotal(side.name, price) - (price === n.price ? n.qty : 0);
    if (others + qty > Number.MAX_SAFE_INTEGER) return this.refuse('level_overflow', cmd.orderId);

    const keptPriority = price === n.price && qty <= n.qty;
    if (price === n.price && qty === n.qty) {
      return { code: 'ok', order: view(n, side.name), keptPriority, deltas: EMPTY, seq: this.seqNo };
    }
    this.stampNo++;
    if (keptPriority) {
      n.level!.total -= n.qty - qty;
      n.qty = qty;
      this.touch(n.level!);
    } else if (price === n.price) {
      // Same level, more quantity: to the back of the queue without dropping the level.
      const l = n.level!;
      if (l.tail !== n) {
        if (n.prev === null) l.head = n.next;
        else n.prev.next = n.next;
        n.next!.prev = n.prev;
        n.prev = l.tail;
        n.next = null;
        l.tail!.next = n;
        l.tail = n;
      }
      l.total += qty - n.qty;
      n.qty = qty;
      n.ts = cmd.ts;
      this.touch(l);
    } else {
      this.unlink(n);
      n.price = price;
      n.qty = qty;
      n.ts = cmd.ts;
      this.append(side, n);
    }
    const deltas = this.deltas();
    return { code: 'ok', order: view(n, side.name), keptPriority, deltas, seq: this.seqNo };
  }

  bestBid(): number | undefined {
    return this.bids.best()?.price;
  }

  bestAsk(): number | undefined {
    return this.asks.best()?.price;
  }

  depth(levels: number): Depth {
    const take = (s: BookSide) => {
      const out: [number, number][] = [];
      for (let i = s.sorted.length - 1; i >= 0 && out.length < levels; i--) {
        const l = s.sorted[i]!;
        out.push([l.price, l.total]);
      }
      return out;
    };
    return { bids: take(this.bids), asks: take(this.asks), seq: this.seqNo };
  }

  order(orderId: string): OrderView | undefined {
    const n = this.orders.get(orderId);
    return n === undefined ? undefined : view(n, n.level!.side.name);
  }

  size(): number {
    return this.orders.size;
  }

  seq(): number {
    return this.seqNo;
  }

  snapshot(): BookSnapshot {
    const dump = (s: BookSide) => {
      const out: SnapshotOrder[] = [];
      for (let i = s.sorted.length - 1; i >= 0; i--) {
        for (let n = s.sorted[i]!.head; n !== null; n = n.next)
          out.push([n.id, n.userId, n.price, n.qty, n.ts, n.acceptSeq]);
      }
      return out;
    };
    return {
      version: 1,
      seq: this.seqNo,
      nextAcceptSeq: this.nextAcceptSeq,
      bids: dump(this.bids),
      asks: dump(this.asks),
    };
  }

  stateHash(): string {
    return snapshotHash(this.snapshot());
  }

  /** Structural self-check for tests: level totals/counts/links/sorting agree with the orders. */
  checkInvariants(): void {
    for (const s of [this.bids, this.asks]) {
      let prev: number | undefined;
      for (const l of s.sorted) {
        if (prev !== undefined && (s.isBuy ? l.price <= prev : l.price >= prev))
          throw new Error('levels not sorted');
        prev = l.price;
        if (s.get(l.price) !== l) throw new Error('level map out of sync');
        let total = 0;
        let count = 0;
        let back: Node | null = null;
        for (let n = l.head; n !== null; n = n.next) {
          if (n.prev !== back || n.level !== l || n.price !== l.price) throw new Error('broken level list');
          if (!(n.qty > 0)) throw new Error('non-positive order rests');
          if (this.orders.get(n.id) !== n) throw new Error('order map out of sync');
          total += n.qty;
          count++;
          back = n;
        }
        if (l.tail !== back || total !== l.total || count !== l.count || count === 0)
          throw new Error('level totals wrong');
      }
      if (s.levelCount() !== s.sorted.length) throw new Error('level map size');
    }
    const bb = this.bestBid();
    const ba = this.bestAsk();
    if (bb !== undefined && ba !== undefined && bb >= ba) throw new Error('book crossed');
  }
}

function view(n: Node, side: Side): OrderView {
  return { id: n.id, userId: n.userId, side, price: n.price, qty: n.qty, ts: n.ts, acceptSeq: n.acceptSeq };
}
