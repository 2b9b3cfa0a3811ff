// Positions and margin, reading side: valuation at the mark, cross account figures, free collateral,
// liquidation and bankruptcy prices, order holds and exposure for the risk tiers.
// Part of PerpEngine (perp-engine.ts describes the layers).

import { divRound } from '../money.ts';
import { PerpState } from './engine-state.ts';
import {
  bankruptcyPrice,
  fee,
  initialMargin,
  liquidationPriceTiered,
  maintenanceMargin,
  type PositionSide,
  PPM,
  pnlTickLots,
  tierFor,
  toQuote,
} from './math.ts';
import { type PerpMarket, type Position, positionKey } from './types.ts';

export abstract class PerpMargin extends PerpState {
  /** The price positions are valued at: the mark, or the entry while no mark exists yet. */
  protected valuationPrice(p: Position): bigint {
    const mark = this.states.get(p.symbol)!.markPrice;
    return mark > 0n ? mark : p.size > 0n ? p.cost / p.size : 0n;
  }

  notional(p: Position, price = this.valuationPrice(p)): bigint {
    return price * p.size * this.markets.get(p.symbol)!.quotePerTickLot;
  }

  unrealisedPnl(p: Position, price = this.valuationPrice(p)): bigint {
    return toQuote(pnlTickLots(p.side, p.size, p.cost, price), this.markets.get(p.symbol)!.k, 'floor');
  }

  maintenance(p: Position, price = this.valuationPrice(p)): bigint {
    const n = this.notional(p, price);
    return maintenanceMargin(n, tierFor(this.markets.get(p.symbol)!.resolvedTiers, n));
  }

  /** Cross figures of a user: wallet (available + order holds), unrealised PnL, IM and MM. */
  crossAccount(userId: string, quote: string) {
    const wallet = this.walletKey(userId, { quote });
    const b = this.ledger.balance(wallet);
    let upnl = 0n;
    let im = 0n;
    let mm = 0n;
    for (const p of this.positionsOf(userId)) {
      if (p.mode !== 'cross' || this.markets.get(p.symbol)!.quote !== quote) continue;
      upnl += this.unrealisedPnl(p);
      im += initialMargin(this.notional(p), p.leverage);
      mm += this.maintenance(p);
    }
    return { available: b.available, frozen: b.frozen, upnl, im, mm, equity: b.available + b.frozen + upnl };
  }

  /**
   * What a user may still commit (new order holds, isolated margin, transfers out): the available
   * wallet less the cross positions' initial margin, with unrealised losses counted and unrealised
   * gains not.
   */
  freeCollateral(userId: string, quote: string): bigint {
    const c = this.crossAccount(userId, quote);
    return c.available + (c.upnl < 0n ? c.upnl : 0n) - c.im;
  }

  /**
   * What a position screen shows (spec: size, margin, margin rate, open price, liquidation price,
   * profit, profit rate, ...), in engine units: ticks, lots, quote units, ppm.
   */
  view(p: Position) {
    const m = this.markets.get(p.symbol)!;
    const mark = this.valuationPrice(p);
    const notional = this.notional(p, mark);
    const upnl = this.unrealisedPnl(p, mark);
    const mm = this.maintenance(p, mark);
    const im = p.mode === 'isolated' ? p.margin : initialMargin(notional, p.leverage);
    const equity = p.mode === 'isolated' ? p.margin + upnl : this.crossAccount(p.userId, m.quote).equity;
    return {
      ...p,
      /** Average entry in ticks (rounded down). */
      entryPrice: p.size > 0n ? p.cost / p.size : 0n,
      markPrice: mark,
      notional,
      unrealisedPnl: upnl,
      /** uPnL / margin in ppm (ROE). */
      pnlRatePpm: im > 0n ? (upnl * PPM) / im : 0n,
      maintenanceMargin: mm,
      /** Maintenance / equity in ppm: 1,000,000 = liquidation. */
      marginRatePpm: equity > 0n ? (mm * PPM) / equity : PPM,
      liquidationPrice: this.liquidationPriceOf(p),
      bankruptcyPrice: this.bankruptcyPriceOf(p),
    };
  }

  /** Liquidation price (ticks) of a position, per docs/perpetuals.md; 0n when there is none. */
  liquidationPriceOf(p: Position): bigint {
    const m = this.markets.get(p.symbol)!;
    if (p.mode === 'cross') {
      const other = this.positions.get(
        positionKey(p.userId, p.symbol, 'cross', p.side === 'long' ? 'short' : 'long'),
      );
      if (other !== undefined && other.size > 0n) return this.hedgedLiquidationPrice(p, other);
    }
    return liquidationPriceTiered(p.side, p.size, p.cost, this.collateralFor(p), m.resolvedTiers, m.k);
  }

  /**
   * A cross long and short in one symbol both move with its price, so the closed formula (which
   * holds the other positions at the mark) is wrong for them. The account's liquidation price is
   * found by bisection on the tick price instead: the first tick in the direction of the net
   * exposure (down for a net long; up for a net short or a flat hedge, whose maintenance grows with
   * the price) where the cross equity falls below the cross maintenance, the other symbols held at
   * their marks. Both legs show that price; 0 when there is none.
   */
  protected hedgedLiquidationPrice(p: Position, other: Position): bigint {
    const m = this.markets.get(p.symbol)!;
    const c = this.crossAccount(p.userId, m.quote);
    const legs = [p, other];
    let fixed = c.available + c.frozen + c.upnl - c.mm;
    for (const q of legs) fixed -= this.unrealisedPnl(q) - this.maintenance(q);
    const short = (price: bigint): boolean => {
      let v = fixed;
      for (const q of legs) v += this.unrealisedPnl(q, price) - this.maintenance(q, price);
      return v < 0n;
    };
    const long = p.side === 'long' ? p : other;
    const shortLeg = p.side === 'long' ? other : p;
    const mark = this.valuationPrice(p);
    if (long.size > shortLeg.size) {
      // The highest tick below the mark that is liquidated.
      if (!short(1n)) return 0n;
      let lo = 1n;
      let hi = mark;
      if (short(hi)) return hi;
      while (hi - lo > 1n) {
        const mid = (lo + hi) / 2n;
        if (short(mid)) lo = mid;
        else hi = mid;
      }
      return lo;
    }
    // The lowest tick above the mark that is liquidated.
    let lo = mark;
    if (short(lo)) return lo;
    let hi = mark * 2n;
    for (let i = 0; !short(hi); i++) {
      if (i > 40) return 0n;
      lo = hi;
      hi *= 2n;
    }
    while (hi - lo > 1n) {
      const mid = (lo + hi) / 2n;
      if (short(mid)) hi = mid;
      else lo = mid;
    }
    return hi;
  }

  /** The collateral the liquidation-price formula uses for one position. */
  collateralFor(p: Position): bigint {
    if (p.mode === 'isolated') return p.margin;
    const m = this.markets.get(p.symbol)!;
    const c = this.crossAccount(p.userId, m.quote);
    // The other cross positions count at the current mark: their PnL less their maintenance.
    return c.available + c.frozen + (c.upnl - this.unrealisedPnl(p)) - (c.mm - this.maintenance(p));
  }

  bankruptcyPriceOf(p: Position): bigint {
    return bankruptcyPrice(p.side, p.size, p.cost, this.collateralFor(p), this.markets.get(p.symbol)!.k);
  }

  /**
   * Initial margin + taker fee of an opening order's `qty` at `price` (ticks), plus its open loss of
   * `lossTicks` per lot (see ContractOrder.lossTicks).
   */
  holdNeeded(m: PerpMarket, price: bigint, qty: bigint, leverage: number, lossTicks = 0n): bigint {
    const notional = price * qty * m.quotePerTickLot;
    return (
      initialMargin(notional, leverage) + fee(notional, m.takerFeePpm) + lossTicks * qty * m.quotePerTickLot
    );
  }

  /**
   * Notional a user has or may get on one side of a market: positions in both margin modes at the
   * mark plus the open opening orders at their hold price. The risk tier applies to all of it.
   */
  protected exposure(userId: string, m: PerpMarket, side: PositionSide): bigint {
    let n = 0n;
    for (const mode of ['cross', 'isolated'] as const) {
      const p = this.positions.get(positionKey(userId, m.symbol, mode, side));
      if (p !== undefined) n += this.notional(p);
    }
    const action = side === 'long' ? 'open_long' : 'open_short';
    for (const o of this.ordersOf(userId)) {
      if (o.symbol === m.symbol && o.action === action)
        n += o.price * (o.remaining - o.reduce) * m.quotePerTickLot;
    }
    return n;
  }

  protected protectionPrice(m: PerpMarket, mark: bigint, side: 'buy' | 'sell'): bigint {
    const p =
      side === 'buy'
        ? divRound(mark * (PPM + m.marketProtectionPpm), PPM, 'floor')
        : divRound(mark * (PPM - m.marketProtectionPpm), PPM, 'ceil');
    return p < 1n ? 1n : p;
  }

  /**
   * Lots of a position its owner's open orders will close: its close orders, and in one-way mode
   * the part of the opposite orders reserved to reduce it (ContractOrder.reduce).
   */
  protected reservedClose(p: Position): bigint {
    const action = p.side === 'long' ? 'close_long' : 'close_short';
    const reducing = p.side === 'long' ? 'open_short' : 'open_long';
    let q = 0n;
    for (const o of this.ordersOf(p.userId)) {
      if (o.symbol !== p.symbol || o.mode !== p.mode) continue;
      if (o.action === action) q += o.remaining;
      else if (o.action === reducing) q += o.reduce;
    }
    return q;
  }
}
