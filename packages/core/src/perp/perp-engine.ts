// USDC-margined linear perpetuals: contract orders through one order book per symbol, positions per
// (user, symbol, margin mode, side) in hedge mode (a long and a short can coexist) or, per user,
// one-way mode (one net position: orders reduce the opposite side first, ADR 180), margin, fees,
// mark price, funding, TP/SL, liquidation into the insurance fund and auto-deleveraging.
// Formulas and worked examples: docs/perpetuals.md. Units: see math.ts.
//
// Money lives in the ledger:
// - `user/contract/USDC`: the cross wallet. `frozen` is exactly the holds of open opening orders
//   (initial margin + taker fee at the order price); `available` backs every cross position.
// - `user/isolated:<symbol>:<side>/USDC`: the margin of one isolated position, nothing else.
// - `system/settlement/USDC`: the clearing account that pays and receives realised PnL.
// - `system/insurance/USDC`: the insurance fund; the positions it takes over belong to the
//   pseudo-user INSURANCE_USER, whose wallet is this account.
// Cross positions do not move margin in the ledger: their initial margin is a requirement computed
// from the mark price (like Binance's cross wallet), checked before any withdrawal or new order.
//
// The engine is built in layers, one concern each, every one extending the one before:
// engine-state.ts (state, indexes) -> margin.ts (valuation, cross figures, holds) -> positions.ts
// (leverage, isolated margin, closes and their settlement) -> orders.ts (place, cancel, amend,
// fills) -> liquidation.ts (liquidation, insurance fund, ADL) -> funding.ts (mark price,
// funding) -> triggers.ts (TP/SL, conditional orders) -> PerpEngine (operator parameters,
// snapshot and restore). The types are in types.ts.

import { leg } from '../ledger/ledger.ts';
import { ResultCode } from '../ledger/result-code.ts';
import { triggerFromRow, triggerRow } from './conditional.ts';
import { cmp, fail, isOpen } from './internal.ts';
import type { PositionSide } from './math.ts';
import { PerpTriggers } from './triggers.ts';
import {
  type ContractAction,
  type ContractOrder,
  type MarginMode,
  type MarketState,
  type PerpMarket,
  type PerpResult,
  type PerpSnapshot,
  type Position,
  positionKey,
} from './types.ts';

export * from './types.ts';

export class PerpEngine extends PerpTriggers {
  /**
   * Operator: a market's fees and leverage list (ADR 154; checked by ExchangeEngine first).
   * Positions and users keep the leverage they have. An opening order's hold covers the taker
   * fee, so resting opening orders are held again at the new one, in order id order: a lower fee
   * gives back, a higher one freezes more, or cancels the order (reason `fee_change`) when the
   * owner's free collateral cannot cover it.
   */
  setMarketParams(
    symbol: string,
    p: {
      makerFeePpm: bigint;
      takerFeePpm: bigint;
      leverages: readonly number[];
      defaultLeverage: number;
      /** ADR 183: the clearance fee applies from the next liquidation; nothing held changes. */
      liquidationFeePpm?: bigint;
    },
    ts: number,
  ): PerpResult {
    const old = this.markets.get(symbol);
    if (old === undefined) return fail(ResultCode.PERP_UNKNOWN_MARKET);
    const m: PerpMarket = {
      ...old,
      ...p,
      leverages: [...p.leverages],
      liquidationFeePpm: p.liquidationFeePpm ?? old.liquidationFeePpm,
    };
    this.markets.set(symbol, m);
    this.events = [];
    if (m.takerFeePpm === old.takerFeePpm) return this.done();
    const orders = [...this.orders.values()]
      .filter((o) => o.symbol === symbol && isOpen(o.action))
      .sort((a, b) => cmp(a.orderId, b.orderId));
    for (const o of orders) {
      const need = this.holdNeeded(m, o.price, o.remaining - o.reduce, o.leverage, o.lossTicks);
      const delta = need - o.hold;
      if (delta === 0n) continue;
      if (delta > 0n && this.freeCollateral(o.userId, m.quote) < delta) {
        this.cancelResting(o, 'fee_change', ts);
        continue;
      }
      const wallet = this.walletKey(o.userId, m);
      this.post(delta > 0n ? 'postingOrder' : 'refundPostingOrder', o.orderId, ts, [
        leg(wallet, 'available', -delta),
        leg(wallet, 'frozen', delta),
      ]);
      o.hold = need;
    }
    return this.done();
  }

  snapshot(): PerpSnapshot {
    return {
      books: [...this.books.entries()].map(([s, b]) => [s, b.snapshot()]),
      states: [...this.states.entries()].map(([s, st]) => [
        s,
        Object.fromEntries(Object.entries(st).map(([k, v]) => [k, String(v)])) as Record<
          keyof MarketState,
          string
        >,
      ]),
      positions: [...this.positions.values()].map((p) => [
        p.userId,
        p.symbol,
        p.mode,
        p.side,
        String(p.size),
        String(p.cost),
        String(p.margin),
        p.leverage,
        String(p.fundingIndex),
        p.openTs,
        String(p.tp),
        String(p.sl),
        String(p.realisedPnl),
        String(p.fees),
        String(p.funding),
        // Written only when not the default, so older snapshots restore to the same text and hash.
        ...(p.tpslBy !== 'mark' || p.tpslMisses !== 0 || p.tpslWait !== 0
          ? [p.tpslBy, p.tpslMisses, p.tpslWait]
          : []),
      ]),
      orders: [...this.orders.values()].map((o) => [
        o.orderId,
        o.userId,
        o.symbol,
        o.action,
        o.mode,
        o.leverage,
        String(o.remaining),
        String(o.hold),
        String(o.price),
        // Written only when set, so a snapshot taken before these existed restores to the same
        // text and the same state hash (the server checks it at start).
        ...(o.lossTicks !== 0n || o.tp !== 0n || o.sl !== 0n || o.reduce !== 0n
          ? [String(o.lossTicks), String(o.tp), String(o.sl)]
          : []),
        ...(o.reduce !== 0n ? [String(o.reduce)] : []),
      ]),
      leverage: [...this.leverage.entries()],
      ...(this.idSeq !== 0 ? { idSeq: this.idSeq } : {}),
      ...(this.triggers.size > 0 ? { triggers: [...this.triggers.values()].map(triggerRow) } : {}),
      ...(this.oneWay.size > 0 ? { oneWay: [...this.oneWay] } : {}),
    };
  }

  restore(s: PerpSnapshot): void {
    this.books = new Map(s.books.map(([sym, b]) => [sym, this.bookFactory.restore(b)]));
    this.states = new Map(
      s.states.map(([sym, st]) => [
        sym,
        {
          indexPrice: BigInt(st.indexPrice),
          markPrice: BigInt(st.markPrice),
          lastTradePrice: BigInt(st.lastTradePrice),
          premiumEmaMicro: BigInt(st.premiumEmaMicro),
          premiumSumPpm: BigInt(st.premiumSumPpm),
          premiumCount: BigInt(st.premiumCount),
          fundingIndex: BigInt(st.fundingIndex),
          lastFundingRatePpm: BigInt(st.lastFundingRatePpm),
          nextFundingTs: Number(st.nextFundingTs),
          ...(st.premiumLastTs !== undefined ? { premiumLastTs: Number(st.premiumLastTs) } : {}),
        },
      ]),
    );
    this.positions = new Map();
    this.positionsByUser = new Map();
    for (const r of s.positions) {
      const p: Position = {
        userId: String(r[0]),
        symbol: String(r[1]),
        mode: r[2] as MarginMode,
        side: r[3] as PositionSide,
        size: BigInt(r[4]!),
        cost: BigInt(r[5]!),
        margin: BigInt(r[6]!),
        leverage: Number(r[7]),
        fundingIndex: BigInt(r[8]!),
        openTs: Number(r[9]),
        tp: BigInt(r[10]!),
        sl: BigInt(r[11]!),
        realisedPnl: BigInt(r[12]!),
        fees: BigInt(r[13]!),
        funding: BigInt(r[14]!),
        tpslBy: r[15] === 'last' ? 'last' : 'mark',
        tpslMisses: Number(r[16] ?? 0),
        tpslWait: Number(r[17] ?? 0),
      };
      this.addPosition(positionKey(p.userId, p.symbol, p.mode, p.side), p);
    }
    this.orders = new Map();
    this.ordersByUser = new Map();
    for (const r of s.orders) {
      const o: ContractOrder = {
        orderId: String(r[0]),
        userId: String(r[1]),
        symbol: String(r[2]),
        action: r[3] as ContractAction,
        mode: r[4] as MarginMode,
        leverage: Number(r[5]),
        remaining: BigInt(r[6]!),
        hold: BigInt(r[7]!),
        price: BigInt(r[8]!),
        // Snapshots from before the open loss and order TP/SL had neither.
        lossTicks: BigInt(r[9] ?? 0),
        tp: BigInt(r[10] ?? 0),
        sl: BigInt(r[11] ?? 0),
        reduce: BigInt(r[12] ?? 0),
      };
      this.addOrder(o);
    }
    this.leverage = new Map(s.leverage);
    this.idSeq = s.idSeq ?? 0;
    this.oneWay = new Set(s.oneWay ?? []);
    this.triggers = new Map((s.triggers ?? []).map((r) => triggerFromRow(r)).map((t) => [t.orderId, t]));
  }
}
