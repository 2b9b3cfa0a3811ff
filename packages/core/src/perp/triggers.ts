// TP/SL on positions and conditional orders (stop, take-profit, trailing): placing, firing,
// dropping.
// Part of PerpEngine (perp-engine.ts describes the layers).

import { ResultCode } from '../ledger/result-code.ts';
import {
  bandAround,
  type ContractTrigger,
  isBuyAction,
  observe,
  type TriggerBy,
  trailingTrigger,
} from './conditional.ts';
import { PerpFunding } from './funding.ts';
import { actionPositionSide, fail, isOpen } from './internal.ts';
import type { PositionSide } from './math.ts';
import {
  type ContractConditionalPlace,
  MAX_TRIGGERS_PER_USER,
  type MarginMode,
  type PerpMarket,
  type PerpResult,
  type Position,
  positionKey,
  TRAILING_MAX_PPM,
  TRAILING_MIN_PPM,
} from './types.ts';

export abstract class PerpTriggers extends PerpFunding {
  /**
   * A conditional order (ADR 136): checked for what can be checked now (market, quantity, price,
   * trigger side, a position to close), held nowhere, and placed as an ordinary order, with every
   * check of a new order, when the price it watches reaches the trigger.
   */
  placeConditional(c: ContractConditionalPlace): PerpResult {
    const m = this.markets.get(c.symbol);
    if (m === undefined) return fail(ResultCode.PERP_UNKNOWN_MARKET);
    if (this.orders.has(c.orderId) || this.triggers.has(c.orderId))
      return fail(ResultCode.PERP_DUPLICATE_ORDER_ID);
    if (!Number.isSafeInteger(c.qty) || c.qty <= 0) return fail(ResultCode.PERP_INVALID_QUANTITY);
    if (c.type === 'limit') {
      if (c.price === undefined || !Number.isSafeInteger(c.price) || c.price <= 0)
        return fail(ResultCode.PERP_INVALID_PRICE);
    } else if (c.price !== undefined) return fail(ResultCode.PERP_INVALID_PRICE);
    if (
      c.bandPpm !== undefined &&
      (c.type !== 'limit' || !Number.isSafeInteger(c.bandPpm) || c.bandPpm <= 0 || c.bandPpm >= 1_000_000)
    )
      return fail(ResultCode.PERP_INVALID_PRICE);
    const by: TriggerBy = c.triggerBy ?? 'mark';
    if (by !== 'mark' && by !== 'last') return fail(ResultCode.PERP_INVALID_TRIGGER);
    const s = this.states.get(c.symbol)!;
    const ref = by === 'mark' ? s.markPrice : s.lastTradePrice;
    if (ref <= 0n) return fail(ResultCode.PERP_NO_MARK_PRICE);
    if (!isOpen(c.action)) {
      const p = this.positions.get(positionKey(c.userId, c.symbol, c.mode, actionPositionSide(c.action)));
      if (p === undefined) return fail(ResultCode.PERP_NO_POSITION);
      if (BigInt(c.qty) > p.size) return fail(ResultCode.PERP_CLOSE_EXCEEDS_POSITION);
    }
    let mine = 0;
    for (const t of this.triggers.values()) if (t.userId === c.userId) mine++;
    if (mine >= MAX_TRIGGERS_PER_USER) return fail(ResultCode.PERP_INVALID_TRIGGER);
    const buy = isBuyAction(c.action);
    let triggerPrice: bigint;
    let condition: 'gte' | 'lte';
    let trailingPpm = 0n;
    if (c.trailingPpm !== undefined) {
      if (
        !Number.isSafeInteger(c.trailingPpm) ||
        c.trailingPpm < TRAILING_MIN_PPM ||
        c.trailingPpm > TRAILING_MAX_PPM
      )
        return fail(ResultCode.PERP_INVALID_TRIGGER);
      if (c.triggerPrice !== undefined) return fail(ResultCode.PERP_INVALID_TRIGGER);
      trailingPpm = BigInt(c.trailingPpm);
      triggerPrice = trailingTrigger(buy, ref, trailingPpm);
      condition = buy ? 'gte' : 'lte';
    } else {
      if (c.triggerPrice === undefined || !Number.isSafeInteger(c.triggerPrice) || c.triggerPrice <= 0)
        return fail(ResultCode.PERP_INVALID_TRIGGER);
      triggerPrice = BigInt(c.triggerPrice);
      // A trigger at the current price would fire at once: refused as a mistake.
      if (triggerPrice === ref) return fail(ResultCode.PERP_INVALID_TRIGGER);
      condition = triggerPrice > ref ? 'gte' : 'lte';
    }
    const t: ContractTrigger = {
      orderId: c.orderId,
      userId: c.userId,
      symbol: c.symbol,
      action: c.action,
      mode: c.mode,
      orderType: c.type,
      price: c.type === 'limit' ? c.price! : 0,
      qty: c.qty,
      tif: c.tif,
      stp: c.stp,
      triggerPrice,
      condition,
      by,
      trailingPpm,
      extreme: ref,
      ts: c.ts,
      bandPpm: BigInt(c.bandPpm ?? 0),
    };
    this.triggers.set(t.orderId, t);
    this.events = [{ type: 'perp.conditional', status: 'placed', trigger: { ...t } }];
    return this.done();
  }

  setTpsl(
    userId: string,
    symbol: string,
    mode: MarginMode,
    side: PositionSide,
    tpGiven: bigint | undefined,
    slGiven: bigint | undefined,
    byGiven?: TriggerBy,
  ): PerpResult {
    if (!this.markets.has(symbol)) return fail(ResultCode.PERP_UNKNOWN_MARKET);
    const p = this.positions.get(positionKey(userId, symbol, mode, side));
    if (p === undefined) return fail(ResultCode.PERP_NO_POSITION);
    // What the command leaves out stays as the position has it now, decided here in sequence and
    // not from a copy the client read earlier (ADR 267).
    const tp = tpGiven ?? p.tp;
    const sl = slGiven ?? p.sl;
    const by = byGiven ?? p.tpslBy;
    if (by !== 'mark' && by !== 'last') return fail(ResultCode.PERP_INVALID_TRIGGER);
    const st = this.states.get(symbol)!;
    const bad = this.tpslProblem(side, tp, sl, by === 'mark' ? st.markPrice : st.lastTradePrice);
    if (bad !== ResultCode.OK) return fail(bad);
    p.tp = tp;
    p.sl = sl;
    p.tpslBy = by;
    p.tpslMisses = 0;
    p.tpslWait = 0;
    return { code: ResultCode.OK, events: [{ type: 'perp.position', position: { ...p }, closed: false }] };
  }

  /** A trigger already on the wrong side of the mark would fire at once: refused as a mistake. */
  protected tpslProblem(side: PositionSide, tp: bigint, sl: bigint, mark: bigint): ResultCode {
    if (tp < 0n || sl < 0n) return ResultCode.PERP_INVALID_TPSL;
    if (mark > 0n) {
      const up = side === 'long' ? tp : sl;
      const down = side === 'long' ? sl : tp;
      if (up > 0n && up <= mark) return ResultCode.PERP_INVALID_TPSL;
      if (down > 0n && down >= mark) return ResultCode.PERP_INVALID_TPSL;
    }
    return ResultCode.OK;
  }

  /**
   * Fires TP/SL on the mark: a market close of what the user's own close orders do not already
   * cover. Those orders stay, and the trigger stays armed until the position is gone: a close that
   * filled only in part (a thin book) fires again on the next price, so the rest is never left
   * without its stop.
   */
  protected triggerTpsl(m: PerpMarket, ts: number, only?: TriggerBy): void {
    const st = this.states.get(m.symbol)!;
    const hit: [Position, 'tp' | 'sl'][] = [];
    for (const p of this.positions.values()) {
      if (p.symbol !== m.symbol || (p.tp === 0n && p.sl === 0n)) continue;
      if (only !== undefined && p.tpslBy !== only) continue;
      const mark = p.tpslBy === 'last' ? st.lastTradePrice : st.markPrice;
      if (mark <= 0n) continue;
      const long = p.side === 'long';
      if (p.tp > 0n && (long ? mark >= p.tp : mark <= p.tp)) hit.push([p, 'tp']);
      else if (p.sl > 0n && (long ? mark <= p.sl : mark >= p.sl)) hit.push([p, 'sl']);
    }
    const mark = st.markPrice;
    for (const [p, trigger] of hit) {
      const key = positionKey(p.userId, p.symbol, p.mode, p.side);
      if (this.positions.get(key) !== p) continue;
      const qty = p.size - this.reservedClose(p);
      if (qty <= 0n) continue;
      // Back-off (ADR 137): after fires that filled nothing, skip 2^misses - 1 checks.
      if (p.tpslWait > 0) {
        p.tpslWait -= 1;
        continue;
      }
      const orderId = this.nextId(`${trigger}:${key}`);
      this.events.push({
        type: 'perp.tpsl',
        symbol: m.symbol,
        userId: p.userId,
        side: p.side,
        trigger,
        markPrice: mark,
        orderId,
        mode: p.mode,
        qty,
      });
      this.lastFilled = 0;
      const code = this.marketClose(p, orderId, qty, ts);
      if (code === ResultCode.OK && this.lastFilled > 0) {
        p.tpslMisses = 0;
        p.tpslWait = 0;
      } else {
        p.tpslMisses = Math.min(p.tpslMisses + 1, 6);
        p.tpslWait = 2 ** p.tpslMisses - 1;
      }
    }
  }

  /**
   * Fires every conditional order of a market whose price reached its trigger, in placement order,
   * each removed before it is placed (so it fires once: a refused or unfilled order is not retried);
   * orders they trade may reach further triggers on the last price, so it repeats until none fires.
   */
  protected fireTriggers(m: PerpMarket, ts: number): void {
    if (this.triggers.size === 0) return;
    const s = this.states.get(m.symbol)!;
    for (;;) {
      const fired: ContractTrigger[] = [];
      for (const t of this.triggers.values()) {
        if (t.symbol !== m.symbol) continue;
        if (observe(t, t.by === 'mark' ? s.markPrice : s.lastTradePrice)) fired.push(t);
      }
      if (fired.length === 0) return;
      for (const t of fired) {
        if (this.triggers.get(t.orderId) !== t) continue;
        this.triggers.delete(t.orderId);
        this.events.push({ type: 'perp.conditional', status: 'triggered', trigger: { ...t } });
        let qty = BigInt(t.qty);
        if (!isOpen(t.action)) {
          const p = this.positions.get(positionKey(t.userId, t.symbol, t.mode, actionPositionSide(t.action)));
          const free = p === undefined ? 0n : p.size - this.reservedClose(p);
          if (free <= 0n) {
            this.events.push({
              type: 'perp.cancelled',
              symbol: t.symbol,
              orderId: t.orderId,
              userId: t.userId,
              reason: 'no_position',
            });
            continue;
          }
          if (qty > free) qty = free;
        }
        // A stop-limit's limit was inside the band when placed; the index may have moved since
        // (ADR 181): outside the band now, it is cancelled instead of resting far from the market.
        if (t.orderType === 'limit' && t.bandPpm > 0n && s.indexPrice > 0n) {
          const { low, high } = bandAround(s.indexPrice, t.bandPpm);
          const limit = BigInt(t.price);
          if (limit < low || limit > high) {
            this.events.push({
              type: 'perp.cancelled',
              symbol: t.symbol,
              orderId: t.orderId,
              userId: t.userId,
              reason: 'price_out_of_band',
            });
            continue;
          }
        }
        const code = this.placeInternal({
          orderId: t.orderId,
          userId: t.userId,
          symbol: t.symbol,
          action: t.action,
          type: t.orderType,
          mode: t.mode,
          ...(t.orderType === 'limit' ? { price: t.price } : {}),
          qty: Number(qty),
          ...(t.tif !== undefined ? { tif: t.tif } : {}),
          ...(t.stp !== undefined ? { stp: t.stp } : {}),
          ts,
        });
        if (code !== ResultCode.OK)
          this.events.push({
            type: 'perp.cancelled',
            symbol: t.symbol,
            orderId: t.orderId,
            userId: t.userId,
            reason: `trigger_refused:${code}`,
          });
      }
    }
  }

  protected dropTrigger(t: ContractTrigger, reason: string): void {
    this.triggers.delete(t.orderId);
    this.events.push({
      type: 'perp.cancelled',
      symbol: t.symbol,
      orderId: t.orderId,
      userId: t.userId,
      reason,
    });
  }

  /** Conditional closes of a position that is gone: nothing left for them to close. */
  protected dropCloseTriggers(p: Position): void {
    if (this.triggers.size === 0) return;
    const action = p.side === 'long' ? 'close_long' : 'close_short';
    for (const t of [...this.triggers.values()]) {
      if (t.userId === p.userId && t.symbol === p.symbol && t.mode === p.mode && t.action === action)
        this.dropTrigger(t, 'position_closed');
    }
  }
}
