// Contract orders: place (checks, hold, match), cancel, cancel-all, amend, and settling each fill
// into positions.
// Part of PerpEngine (perp-engine.ts describes the layers).

import type { Fill, PlaceAccepted } from '../book/types.ts';
import { leg, systemAccount } from '../ledger/ledger.ts';
import { ResultCode } from '../ledger/result-code.ts';
import { actionPositionSide, actionSide, fail, isOpen, max0, minB } from './internal.ts';
import { fee, initialMargin, tierFor } from './math.ts';
import { PerpPositions } from './positions.ts';
import {
  type ContractAmend,
  type ContractOrder,
  type ContractPlace,
  INSURANCE_USER,
  type PerpMarket,
  type PerpResult,
  type Position,
  positionKey,
} from './types.ts';

export abstract class PerpOrders extends PerpPositions {
  place(cmd: ContractPlace): PerpResult {
    this.events = [];
    const last = this.states.get(cmd.symbol)?.lastTradePrice;
    const code = this.placeInternal(cmd);
    if (code !== ResultCode.OK) return fail(code);
    this.afterTrades(cmd.symbol, last, cmd.ts);
    this.afterUserCommand(cmd.ts);
    return this.done();
  }

  /**
   * After a command that may have traded: the last price may have moved, so the TP/SL and the
   * conditional orders that watch it are checked (those on the mark wait for the next mark).
   */
  protected afterTrades(symbol: string, lastBefore: bigint | undefined, ts: number): void {
    const m = this.markets.get(symbol);
    // Nothing watching the last price can newly be reached while it stays where it was (placement
    // refuses triggers already reached): an order that did not move it costs no scan.
    if (m === undefined || this.states.get(symbol)!.lastTradePrice === lastBefore) return;
    this.triggerTpsl(m, ts, 'last');
    this.fireTriggers(m, ts);
  }

  /**
   * After an order or a close: a loss the fund took over as a position is deleveraged now, not at
   * the next price update.
   */
  protected afterUserCommand(ts: number): void {
    if (!this.needDeleverage) return;
    this.needDeleverage = false;
    this.liquidate(ts);
  }

  /** Checks everything, then places and settles, appending to this.events; nothing changes on refusal. */
  protected placeInternal(cmd: ContractPlace): ResultCode {
    const m = this.markets.get(cmd.symbol);
    if (m === undefined) return ResultCode.PERP_UNKNOWN_MARKET;
    if (this.orders.has(cmd.orderId) || this.triggers.has(cmd.orderId))
      return ResultCode.PERP_DUPLICATE_ORDER_ID;
    if (!Number.isSafeInteger(cmd.qty) || cmd.qty <= 0) return ResultCode.PERP_INVALID_QUANTITY;
    const state = this.states.get(cmd.symbol)!;
    let price: number;
    if (cmd.type === 'limit') {
      if (cmd.price === undefined || !Number.isSafeInteger(cmd.price) || cmd.price <= 0) {
        return ResultCode.PERP_INVALID_PRICE;
      }
      price = cmd.price;
    } else {
      if (state.markPrice <= 0n) return ResultCode.PERP_NO_MARK_PRICE;
      price = Number(this.protectionPrice(m, state.markPrice, actionSide(cmd.action)));
    }
    const qty = BigInt(cmd.qty);
    const side = actionPositionSide(cmd.action);
    const leverage = cmd.userId === INSURANCE_USER ? 1 : this.leverageOf(cmd.userId, cmd.symbol);
    const mark = state.markPrice;
    const tp = cmd.tp ?? 0n;
    const sl = cmd.sl ?? 0n;
    let hold = 0n;
    let holdPrice = 0n;
    let lossTicks = 0n;
    let reduce = 0n;
    if (isOpen(cmd.action)) {
      // One-way mode (ADR 180): the part that closes the opposite position (what the user's other
      // orders do not reserve already) opens nothing and needs no hold; fills close it first.
      const opposite = this.oneWay.has(cmd.userId)
        ? this.positions.get(
            positionKey(cmd.userId, cmd.symbol, cmd.mode, side === 'long' ? 'short' : 'long'),
          )
        : undefined;
      if (opposite !== undefined) reduce = minB(qty, max0(opposite.size - this.reservedClose(opposite)));
      const opening = qty - reduce;
      if (tp !== 0n || sl !== 0n) {
        const bad = this.tpslProblem(side, tp, sl, mark);
        if (bad !== ResultCode.OK) return bad;
      }
      // Shorts are held at the higher of the order price and the mark: their margin grows with the
      // price, and a sell below the mark is worth the mark as soon as it fills.
      holdPrice = side === 'short' && mark > BigInt(price) ? mark : BigInt(price);
      // The open loss (Binance's order cost): a buy above the mark or a sell below it starts with
      // an unrealised loss of the difference.
      if (mark > 0n) lossTicks = max0(side === 'long' ? BigInt(price) - mark : mark - BigInt(price));
      // Risk limit over everything the user has or may get on this side of the market: positions in
      // both margin modes and the open opening orders, not just this order and one position.
      if (
        opening > 0n &&
        tierFor(m.resolvedTiers, this.exposure(cmd.userId, m, side) + holdPrice * opening * m.quotePerTickLot)
          .maxLeverage < leverage
      )
        return ResultCode.PERP_RISK_LIMIT_EXCEEDED;
      hold = this.holdNeeded(m, holdPrice, opening, leverage, lossTicks);
      if (this.freeCollateral(cmd.userId, m.quote) < hold) return ResultCode.PERP_INSUFFICIENT_MARGIN;
      // A market order that reduces trades no further than the reduced position's bankruptcy
      // price, like a market close.
      if (reduce > 0n && cmd.type === 'market') price = this.bankruptcyBound(opposite!, price);
    } else {
      if (tp !== 0n || sl !== 0n) return ResultCode.PERP_INVALID_TPSL;
      const p = this.positions.get(positionKey(cmd.userId, cmd.symbol, cmd.mode, side));
      if (p === undefined) return ResultCode.PERP_NO_POSITION;
      if (this.reservedClose(p) + qty > p.size) return ResultCode.PERP_CLOSE_EXCEEDS_POSITION;
      // A market close trades no further than the position's bankruptcy price: beyond it the loss
      // is more than the owner holds (the liquidation engine takes over from there).
      if (cmd.type === 'market' && cmd.userId !== INSURANCE_USER) price = this.bankruptcyBound(p, price);
    }
    const r = this.books.get(cmd.symbol)!.place({
      id: cmd.orderId,
      userId: cmd.userId,
      side: actionSide(cmd.action),
      type: cmd.type,
      qty: cmd.qty,
      ...(cmd.type === 'limit' ? { price } : { protectionPrice: price }),
      ...(cmd.tif !== undefined ? { tif: cmd.tif } : {}),
      ...(cmd.stp !== undefined ? { stp: cmd.stp } : {}),
      ts: cmd.ts,
    });
    if (r.code !== 'ok') return ResultCode.PERP_REJECTED_BY_BOOK;
    this.lastFilled = r.filledQty;
    // This must succeed from here on.
    if (hold > 0n) {
      const wallet = this.walletKey(cmd.userId, m);
      this.post('postingOrder', cmd.orderId, cmd.ts, [
        leg(wallet, 'available', -hold),
        leg(wallet, 'frozen', hold),
      ]);
    }
    this.addOrder({
      orderId: cmd.orderId,
      userId: cmd.userId,
      symbol: cmd.symbol,
      action: cmd.action,
      mode: cmd.mode,
      leverage,
      remaining: qty,
      hold,
      price: holdPrice,
      lossTicks,
      tp,
      sl,
      reduce,
    });
    this.afterMatch(m, r, cmd.ts);
    this.events.push({
      type: 'perp.accepted',
      symbol: m.symbol,
      orderId: cmd.orderId,
      userId: cmd.userId,
      filledQty: r.filledQty,
      restingQty: r.restingQty,
    });
    if (r.restingQty === 0) this.release(cmd.orderId, 'done', cmd.ts);
    return ResultCode.OK;
  }

  /** A market order closing `p` trades no further than its bankruptcy price (the price limit, ticks). */
  private bankruptcyBound(p: Position, price: number): number {
    const b = this.bankruptcyPriceOf(p);
    if (p.side === 'long' && b > BigInt(price)) return Number(b);
    if (p.side === 'short' && b > 0n && b < BigInt(price)) return Number(b);
    return price;
  }

  cancel(symbol: string, orderId: string, userId: string, ts: number): PerpResult {
    if (!this.markets.has(symbol)) return fail(ResultCode.PERP_UNKNOWN_MARKET);
    const t = this.triggers.get(orderId);
    if (t !== undefined && t.symbol === symbol) {
      if (t.userId !== userId) return fail(ResultCode.PERP_NOT_ORDER_OWNER);
      this.events = [];
      this.dropTrigger(t, 'user');
      return this.done();
    }
    const o = this.orders.get(orderId);
    if (o === undefined || o.symbol !== symbol) return fail(ResultCode.PERP_UNKNOWN_ORDER);
    if (o.userId !== userId) return fail(ResultCode.PERP_NOT_ORDER_OWNER);
    this.events = [];
    this.cancelResting(o, 'user', ts);
    return this.done();
  }

  /**
   * Cancels all of a user's open contract orders, resting and conditional, in one market or in all
   * (`symbol` undefined). Always OK (nothing to cancel is not an error).
   */
  cancelAll(userId: string, symbol: string | undefined, ts: number): PerpResult {
    if (symbol !== undefined && !this.markets.has(symbol)) return fail(ResultCode.PERP_UNKNOWN_MARKET);
    this.events = [];
    for (const o of this.ordersOf(userId)) {
      if (symbol !== undefined && o.symbol !== symbol) continue;
      if (this.books.get(o.symbol)!.order(o.orderId) === undefined) continue;
      this.cancelResting(o, 'user', ts);
    }
    for (const t of this.triggersOf(userId)) {
      if (symbol === undefined || t.symbol === symbol)
        this.dropTrigger(this.triggers.get(t.orderId)!, 'user');
    }
    return this.done();
  }

  /**
   * Changes a resting order's price and/or open quantity, or a conditional order's trigger, price
   * or quantity (ADR 138). A resting opening order is held again at the new price and quantity
   * (more hold needs free collateral; the risk tier is checked again); a close may not reserve more
   * than the position. The book keeps the time priority only when the quantity goes down; a new
   * price that would cross is refused (amend never trades). Nothing changes on refusal.
   */
  amend(a: ContractAmend): PerpResult {
    const m = this.markets.get(a.symbol);
    if (m === undefined) return fail(ResultCode.PERP_UNKNOWN_MARKET);
    if (a.price === undefined && a.qty === undefined && a.triggerPrice === undefined)
      return fail(ResultCode.PERP_INVALID_QUANTITY);
    if (a.qty !== undefined && (!Number.isSafeInteger(a.qty) || a.qty <= 0))
      return fail(ResultCode.PERP_INVALID_QUANTITY);
    if (a.price !== undefined && (!Number.isSafeInteger(a.price) || a.price <= 0))
      return fail(ResultCode.PERP_INVALID_PRICE);
    const t = this.triggers.get(a.orderId);
    if (t !== undefined && t.symbol === a.symbol) {
      if (t.userId !== a.userId) return fail(ResultCode.PERP_NOT_ORDER_OWNER);
      if (a.price !== undefined && t.orderType !== 'limit') return fail(ResultCode.PERP_INVALID_PRICE);
      if (a.triggerPrice !== undefined) {
        if (t.trailingPpm > 0n) return fail(ResultCode.PERP_INVALID_TRIGGER);
        const s = this.states.get(a.symbol)!;
        const ref = t.by === 'mark' ? s.markPrice : s.lastTradePrice;
        if (!Number.isSafeInteger(a.triggerPrice) || a.triggerPrice <= 0)
          return fail(ResultCode.PERP_INVALID_TRIGGER);
        const tp = BigInt(a.triggerPrice);
        // The trigger stays on the side it was placed on: an amend that would fire at once is refused.
        if (t.condition === 'gte' ? tp <= ref : tp >= ref) return fail(ResultCode.PERP_INVALID_TRIGGER);
        t.triggerPrice = tp;
      }
      if (a.price !== undefined) t.price = a.price;
      if (a.qty !== undefined) t.qty = a.qty;
      this.events = [{ type: 'perp.conditional', status: 'amended', trigger: { ...t } }];
      return this.done();
    }
    if (a.triggerPrice !== undefined) return fail(ResultCode.PERP_INVALID_TRIGGER);
    const o = this.orders.get(a.orderId);
    if (o === undefined || o.symbol !== a.symbol) return fail(ResultCode.PERP_UNKNOWN_ORDER);
    if (o.userId !== a.userId) return fail(ResultCode.PERP_NOT_ORDER_OWNER);
    const book = this.books.get(a.symbol)!;
    const resting = book.order(o.orderId);
    if (resting === undefined || this.settling.has(o.orderId)) return fail(ResultCode.PERP_UNKNOWN_ORDER);
    const qty = a.qty === undefined ? o.remaining : BigInt(a.qty);
    const price = a.price === undefined ? BigInt(resting.price) : BigInt(a.price);
    const side = actionPositionSide(o.action);
    let hold = o.hold;
    let holdPrice = o.price;
    let lossTicks = o.lossTicks;
    // One-way mode: a smaller order reserves at most its new quantity to reduce.
    const reduce = minB(o.reduce, qty);
    if (isOpen(o.action)) {
      const mark = this.states.get(a.symbol)!.markPrice;
      if (a.price !== undefined) {
        holdPrice = side === 'short' && mark > price ? mark : price;
        lossTicks = mark > 0n ? max0(side === 'long' ? price - mark : mark - price) : 0n;
      }
      hold = this.holdNeeded(m, holdPrice, qty - reduce, o.leverage, lossTicks);
      const exposure =
        this.exposure(o.userId, m, side) -
        o.price * (o.remaining - o.reduce) * m.quotePerTickLot +
        holdPrice * (qty - reduce) * m.quotePerTickLot;
      if (tierFor(m.resolvedTiers, exposure).maxLeverage < o.leverage)
        return fail(ResultCode.PERP_RISK_LIMIT_EXCEEDED);
      if (hold > o.hold && this.freeCollateral(o.userId, m.quote) < hold - o.hold)
        return fail(ResultCode.PERP_INSUFFICIENT_MARGIN);
    } else {
      const p = this.positions.get(positionKey(o.userId, o.symbol, o.mode, side));
      if (p === undefined) return fail(ResultCode.PERP_NO_POSITION);
      if (this.reservedClose(p) - o.remaining + qty > p.size)
        return fail(ResultCode.PERP_CLOSE_EXCEEDS_POSITION);
    }
    const r = book.amend({
      orderId: o.orderId,
      userId: o.userId,
      ...(a.qty !== undefined ? { qty: a.qty } : {}),
      ...(a.price !== undefined ? { price: a.price } : {}),
      ts: a.ts,
    });
    if (r.code !== 'ok') return fail(ResultCode.PERP_AMEND_REFUSED);
    // This must succeed from here on.
    this.events = [];
    const delta = hold - o.hold;
    if (delta !== 0n) {
      const wallet = this.walletKey(o.userId, m);
      this.post(delta > 0n ? 'postingOrder' : 'refundPostingOrder', o.orderId, a.ts, [
        leg(wallet, 'available', -delta),
        leg(wallet, 'frozen', delta),
      ]);
    }
    o.hold = hold;
    o.price = holdPrice;
    o.lossTicks = lossTicks;
    o.remaining = qty;
    o.reduce = reduce;
    this.events.push({
      type: 'perp.amended',
      symbol: a.symbol,
      orderId: o.orderId,
      userId: o.userId,
      price: r.order.price,
      remaining: r.order.qty,
    });
    if (r.deltas.length > 0)
      this.events.push({ type: 'perp.depth', symbol: a.symbol, seq: r.seq, deltas: r.deltas });
    return this.done();
  }

  protected cancelResting(o: ContractOrder, reason: string, ts: number): void {
    const r = this.books.get(o.symbol)!.cancel(o.orderId, o.userId);
    if (r.code !== 'ok')
      throw new Error(`perp ${o.symbol}: order ${o.orderId} open in settlement but not in book`);
    this.release(o.orderId, reason, ts);
    if (r.deltas.length > 0)
      this.events.push({ type: 'perp.depth', symbol: o.symbol, seq: r.seq, deltas: r.deltas });
  }

  /**
   * Cancels the orders that would close the position: its close orders, and in one-way mode the
   * opposite orders that reserve a part to reduce it (their hold covers only the rest, so they
   * must not outlive what they were to reduce).
   */
  protected cancelCloseOrders(p: Position, ts: number): void {
    const action = p.side === 'long' ? 'close_long' : 'close_short';
    const reducing = p.side === 'long' ? 'open_short' : 'open_long';
    const book = this.books.get(p.symbol)!;
    const mine = this.ordersOf(p.userId).filter(
      (o) =>
        o.symbol === p.symbol &&
        o.mode === p.mode &&
        (o.action === action || (o.action === reducing && o.reduce > 0n)) &&
        // An order being settled right now stays until its fills are settled; one that has left the
        // book already is released by its own settlement.
        !this.settling.has(o.orderId) &&
        book.order(o.orderId) !== undefined,
    );
    for (const o of mine) this.cancelResting(o, 'position_changed', ts);
  }

  /** Gives back what an order still holds and forgets it. */
  protected release(orderId: string, reason: string, ts: number): void {
    const o = this.orders.get(orderId);
    if (o === undefined) return;
    this.removeOrder(o);
    if (o.hold > 0n) {
      const wallet = this.walletKey(o.userId, this.markets.get(o.symbol)!);
      this.post('refundPostingOrder', orderId, ts, [
        leg(wallet, 'frozen', -o.hold),
        leg(wallet, 'available', o.hold),
      ]);
    }
    if (reason !== 'done') {
      this.events.push({ type: 'perp.cancelled', symbol: o.symbol, orderId, userId: o.userId, reason });
    }
  }

  protected afterMatch(m: PerpMarket, r: PlaceAccepted, ts: number): void {
    // Orders of this match stay until their fills are settled, even if a loss elsewhere in it has
    // to cancel the owner's other orders to free their holds.
    const settling = new Set<string>();
    for (const f of r.fills) settling.add(f.makerOrderId).add(f.takerOrderId);
    for (const c of r.cancelled) settling.add(c.orderId);
    for (const id of settling) this.settling.add(id);
    this.matchCloses = this.oneWay.size > 0 ? this.closesOfMatch(r.fills) : undefined;
    try {
      for (let i = 0; i < r.fills.length; i++) {
        const f = r.fills[i]!;
        this.settleFill(m, f, `${f.takerOrderId}:${i}`, ts);
      }
    } finally {
      this.matchCloses = undefined;
    }
    for (const id of settling) this.settling.delete(id);
    for (const c of r.cancelled) this.release(c.orderId, c.reason, ts);
    for (const f of r.fills) if (f.makerRemaining === 0) this.release(f.makerOrderId, 'done', ts);
    if (r.deltas.length > 0)
      this.events.push({ type: 'perp.depth', symbol: m.symbol, seq: r.seq, deltas: r.deltas });
  }

  /**
   * See `matchCloses`: per position, the lots the match's close orders and one-way reducing orders
   * (up to what they reserve) will close; undefined when no one-way user is in the match.
   */
  private closesOfMatch(fills: readonly Fill[]): typeof this.matchCloses {
    if (!fills.some((f) => this.oneWay.has(f.makerUserId) || this.oneWay.has(f.takerUserId)))
      return undefined;
    const byPosition = new Map<string, bigint>();
    const bySide = new Map<string, { key: string; qty: bigint }>();
    const reduceLeft = new Map<string, bigint>();
    fills.forEach((f, i) => {
      for (const [id, suffix] of [
        [f.makerOrderId, 'm'],
        [f.takerOrderId, 't'],
      ] as const) {
        const o = this.orders.get(id)!;
        const side = actionPositionSide(o.action);
        let key: string;
        let qty: bigint;
        if (!isOpen(o.action)) {
          key = positionKey(o.userId, o.symbol, o.mode, side);
          qty = BigInt(f.qty);
        } else if (o.reduce > 0n) {
          key = positionKey(o.userId, o.symbol, o.mode, side === 'long' ? 'short' : 'long');
          const left = reduceLeft.get(id) ?? o.reduce;
          qty = minB(BigInt(f.qty), left);
          reduceLeft.set(id, left - qty);
        } else continue;
        if (qty === 0n) continue;
        byPosition.set(key, (byPosition.get(key) ?? 0n) + qty);
        bySide.set(`${f.takerOrderId}:${i}:${suffix}`, { key, qty });
      }
    });
    return { byPosition, bySide };
  }

  protected settleFill(m: PerpMarket, f: Fill, tradeId: string, ts: number): void {
    const maker = this.orders.get(f.makerOrderId)!;
    const taker = this.orders.get(f.takerOrderId)!;
    this.states.get(m.symbol)!.lastTradePrice = BigInt(f.price);
    this.fillSide(m, maker, f, m.makerFeePpm, `${tradeId}:m`, ts);
    this.fillSide(m, taker, f, m.takerFeePpm, `${tradeId}:t`, ts);
    this.events.push({
      type: 'perp.trade',
      trade: {
        tradeId,
        symbol: m.symbol,
        price: f.price,
        qty: f.qty,
        takerSide: f.takerSide,
        makerOrderId: f.makerOrderId,
        takerOrderId: f.takerOrderId,
        makerUserId: f.makerUserId,
        takerUserId: f.takerUserId,
        ts,
      },
    });
  }

  protected fillSide(
    m: PerpMarket,
    o: ContractOrder,
    f: Fill,
    feePpm: bigint,
    ref: string,
    ts: number,
  ): void {
    const qty = BigInt(f.qty);
    const price = BigInt(f.price);
    const side = actionPositionSide(o.action);
    const key = positionKey(o.userId, o.symbol, o.mode, side);
    const wallet = this.walletKey(o.userId, m);
    // The insurance fund pays no trading fees: it only ever unwinds what it took over.
    const rate = o.userId === INSURANCE_USER ? 0n : feePpm;
    const notional = price * qty * m.quotePerTickLot;
    const feeDue = fee(notional, rate);
    if (qty > o.remaining) throw new Error(`perp: fill of ${o.orderId} exceeds its remaining quantity`);
    // This fill is being settled: what it was counted to close is no longer "later" in the match.
    const counted = this.matchCloses?.bySide.get(ref);
    if (counted !== undefined) {
      const left = this.matchCloses!.byPosition;
      left.set(counted.key, left.get(counted.key)! - counted.qty);
    }
    if (isOpen(o.action)) {
      // One-way mode (ADR 180): the fill first closes what it can of the opposite position, and
      // opens with the rest. In hedge mode nothing closes.
      const opposite = this.oneWay.has(o.userId)
        ? this.positions.get(positionKey(o.userId, o.symbol, o.mode, side === 'long' ? 'short' : 'long'))
        : undefined;
      // Lots that later fills of this match close (a reduce-only order, another reducing order) are
      // left to them.
      const later =
        opposite === undefined
          ? 0n
          : (this.matchCloses?.byPosition.get(
              positionKey(opposite.userId, opposite.symbol, opposite.mode, opposite.side),
            ) ?? 0n);
      const closing = opposite === undefined ? 0n : minB(qty, max0(opposite.size - later));
      const opening = qty - closing;
      const rest = o.remaining - qty;
      // What stays reserved to reduce is never more than the rest; the close of a fill uses it up.
      const reduce = minB(max0(o.reduce - closing), rest);
      // What stays frozen is exactly the hold of the unfilled rest that can open, at the order's price.
      let part = o.hold - this.holdNeeded(m, o.price, rest - reduce, o.leverage, o.lossTicks);
      o.hold -= part;
      o.remaining = rest;
      o.reduce = reduce;
      let closeFee = 0n;
      let closePnl = 0n;
      if (closing > 0n) {
        // The released hold is the owner's again before the close's loss is paid.
        this.post('refundPostingOrder', ref, ts, [
          leg(wallet, 'frozen', -part),
          leg(wallet, 'available', part),
        ]);
        part = 0n;
        const pnlBefore = opposite!.realisedPnl;
        const feesBefore = opposite!.fees;
        this.fillCounter =
          o.orderId === f.makerOrderId
            ? { userId: f.takerUserId, orderId: f.takerOrderId }
            : { userId: f.makerUserId, orderId: f.makerOrderId };
        try {
          this.closeAt(m, opposite!, closing, price, fee(price * closing * m.quotePerTickLot, rate), ref, ts);
        } finally {
          this.fillCounter = undefined;
        }
        closeFee = opposite!.fees - feesBefore;
        closePnl = opposite!.realisedPnl - pnlBefore;
        if (opening === 0n) {
          this.events.push({
            type: 'perp.fill',
            symbol: o.symbol,
            orderId: o.orderId,
            userId: o.userId,
            qty: f.qty,
            fee: closeFee,
            realisedPnl: closePnl,
          });
          return;
        }
      }
      const openNotional = closing === 0n ? notional : price * opening * m.quotePerTickLot;
      const openFee = closing === 0n ? feeDue : fee(openNotional, rate);
      // Release this part of the hold, take the fee, then (isolated) move the margin it needs. The
      // release and the fee are two entries, as on the close path above: one entry netting them read
      // as a fee of +425 USDC in the wallet's history, whose rows show the available side.
      this.post('refundPostingOrder', ref, ts, [
        leg(wallet, 'frozen', -part),
        leg(wallet, 'available', part),
      ]);
      const feePaid = minB(openFee, this.ledger.available(wallet));
      this.post('positionFee', ref, ts, [
        leg(wallet, 'available', -feePaid),
        leg(systemAccount('fee', m.quote), 'available', feePaid),
      ]);
      const p =
        this.positions.get(key) ?? this.openPosition(key, o.userId, o.symbol, o.mode, side, o.leverage, ts);
      if (o.tp !== 0n || o.sl !== 0n) {
        p.tp = o.tp;
        p.sl = o.sl;
      }
      if (o.mode === 'isolated') {
        // The margin covers the open loss at the mark too, so the position starts with the equity
        // its leverage promises instead of below maintenance.
        const mark = this.states.get(o.symbol)!.markPrice;
        const openLoss =
          mark > 0n ? max0(side === 'long' ? price - mark : mark - price) * opening * m.quotePerTickLot : 0n;
        const margin = minB(
          initialMargin(openNotional, o.leverage) + openLoss,
          this.ledger.available(wallet),
        );
        this.post('positionMargin', ref, ts, [
          leg(wallet, 'available', -margin),
          leg(this.isolatedKey(p, m), 'available', margin),
        ]);
        p.margin += margin;
      }
      p.size += opening;
      p.cost += price * opening;
      p.fees += feePaid;
      this.events.push({ type: 'perp.position', position: { ...p }, closed: false });
      this.events.push({
        type: 'perp.fill',
        symbol: o.symbol,
        orderId: o.orderId,
        userId: o.userId,
        qty: f.qty,
        fee: closeFee + feePaid,
        realisedPnl: closePnl,
      });
      return;
    }
    o.remaining -= qty;
    const p = this.positions.get(key);
    if (p === undefined || p.size < qty)
      throw new Error(`perp: close order ${o.orderId} larger than its position`);
    this.fillCounter =
      o.orderId === f.makerOrderId
        ? { userId: f.takerUserId, orderId: f.takerOrderId }
        : { userId: f.makerUserId, orderId: f.makerOrderId };
    const pnlBefore = p.realisedPnl;
    const feesBefore = p.fees;
    try {
      this.closeAt(m, p, qty, price, feeDue, ref, ts);
    } finally {
      this.fillCounter = undefined;
    }
    this.events.push({
      type: 'perp.fill',
      symbol: o.symbol,
      orderId: o.orderId,
      userId: o.userId,
      qty: f.qty,
      fee: p.fees - feesBefore,
      realisedPnl: p.realisedPnl - pnlBefore,
    });
  }
}
