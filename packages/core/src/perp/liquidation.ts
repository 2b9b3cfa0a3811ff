// Liquidation into the insurance fund and auto-deleveraging (ADL), the fund's unwinding, the ADL
// ranking and lights.
// Part of PerpEngine (perp-engine.ts describes the layers).

import { leg, systemAccount } from '../ledger/ledger.ts';
import { ResultCode } from '../ledger/result-code.ts';
import { divRound } from '../money.ts';
import { actionPositionSide, cmp, isOpen, max0, minB } from './internal.ts';
import { costPortion, fee, fromQuote, type PositionSide, PPM, pnlTickLots, tierFor } from './math.ts';
import { PerpOrders } from './orders.ts';
import { INSURANCE_USER, type PerpMarket, type PerpResult, type Position, positionKey } from './types.ts';

export abstract class PerpLiquidation extends PerpOrders {
  /** Liquidation check over every market (also run after each price update). */
  liquidationCheck(ts: number): PerpResult {
    this.events = [];
    this.liquidate(ts);
    return this.done();
  }

  /** Liquidates every position whose equity is below maintenance, then deleverages if needed. */
  protected liquidate(ts: number): void {
    this.clawBack(ts);
    const byUser = new Map<string, Position[]>();
    const isolated: Position[] = [];
    for (const p of this.positions.values()) {
      if (p.userId === INSURANCE_USER || this.states.get(p.symbol)!.markPrice <= 0n) continue;
      if (p.mode === 'isolated') {
        if (p.margin + this.unrealisedPnl(p) < this.maintenance(p)) isolated.push(p);
      } else {
        const list = byUser.get(p.userId);
        if (list === undefined) byUser.set(p.userId, [p]);
        else list.push(p);
      }
    }
    for (const p of isolated) {
      // A tier step's fills may have changed (or closed) a position found here: checked again.
      if (!this.positions.has(positionKey(p.userId, p.symbol, p.mode, p.side))) continue;
      if (p.margin + this.unrealisedPnl(p) >= this.maintenance(p)) continue;
      if (this.reduceByTiers([p], ts)) continue;
      if (!this.positions.has(positionKey(p.userId, p.symbol, p.mode, p.side))) continue;
      this.takeOver([p], p.margin, ts);
    }
    for (const [userId, list] of byUser) {
      const quotes = new Set(list.map((p) => this.markets.get(p.symbol)!.quote));
      for (const quote of quotes) {
        const c = this.crossAccount(userId, quote);
        if (c.equity >= c.mm) continue;
        // The wallet is the collateral: first give back what open orders hold in it.
        for (const o of this.ordersOf(userId)) {
          if (this.markets.get(o.symbol)!.quote === quote) this.cancelResting(o, 'liquidation', ts);
        }
        const mine = list.filter(
          (p) =>
            this.markets.get(p.symbol)!.quote === quote &&
            this.positions.has(positionKey(p.userId, p.symbol, p.mode, p.side)),
        );
        if (mine.length === 0) continue;
        if (this.reduceByTiers(mine, ts)) continue;
        const left = mine.filter((p) => this.positions.has(positionKey(p.userId, p.symbol, p.mode, p.side)));
        if (left.length === 0) continue;
        this.takeOver(left, this.ledger.available(this.walletKey(userId, { quote })), ts);
      }
    }
    this.deleverage(ts);
  }

  /**
   * Tiered (partial) liquidation, ADR 194. `list` is below maintenance: one isolated position, or
   * a user's cross positions in one quote asset (their orders already cancelled). While the largest
   * of them (by notional at the mark; ties by position key) is above its market's first margin
   * tier, in a market that charges a clearance rate below 100%, and the account's equity is above
   * zero, one step takes it down to the tier below (tierStep). True as soon as the account is at or
   * above maintenance again; false when no step is left (the caller then liquidates fully).
   */
  protected reduceByTiers(list: Position[], ts: number): boolean {
    const first = list[0]!;
    const quote = this.markets.get(first.symbol)!.quote;
    const figures = () => {
      if (first.mode === 'isolated') {
        const equity = first.margin + this.unrealisedPnl(first);
        return { equity, mm: this.maintenance(first) };
      }
      const c = this.crossAccount(first.userId, quote);
      return { equity: c.equity, mm: c.mm };
    };
    for (;;) {
      let pick: Position | undefined;
      let pickNotional = 0n;
      for (const p of list) {
        if (p.size === 0n) continue;
        const m = this.markets.get(p.symbol)!;
        if (m.liquidationFeePpm >= PPM) continue;
        const n = this.notional(p);
        if (tierFor(m.resolvedTiers, n).index === 0) continue;
        if (
          pick === undefined ||
          n > pickNotional ||
          (n === pickNotional &&
            cmp(
              positionKey(p.userId, p.symbol, p.mode, p.side),
              positionKey(pick.userId, pick.symbol, pick.mode, pick.side),
            ) < 0)
        ) {
          pick = p;
          pickNotional = n;
        }
      }
      if (pick === undefined || figures().equity <= 0n) return false;
      if (!this.tierStep(pick, ts)) return false;
      const f = figures();
      if (f.equity >= f.mm) return true;
    }
  }

  /**
   * One step of a tiered liquidation (ADR 194): `p` keeps the most lots whose notional at the mark
   * fits the tier below its current one; the rest is closed by an engine-made market order (bounded
   * by the market protection and the position's bankruptcy price, like any market close, taker fee
   * included) and what the book does not fill is taken over by the insurance fund at the mark. The
   * clearance fee (ADR 182) on the reduced notional at the mark goes to the fund out of the equity
   * that is left (never more). False when there is nothing to step down to.
   */
  private tierStep(p: Position, ts: number): boolean {
    const m = this.markets.get(p.symbol)!;
    const mark = this.states.get(p.symbol)!.markPrice;
    if (mark <= 0n) return false;
    const from = tierFor(m.resolvedTiers, this.notional(p, mark));
    if (from.index === 0) return false;
    const keep = m.resolvedTiers[from.index - 1]!.maxNotional / (mark * m.quotePerTickLot);
    const qty = p.size - keep;
    if (keep <= 0n || qty <= 0n) return false;
    const sizeBefore = p.size;
    const key = positionKey(p.userId, p.symbol, p.mode, p.side);
    const wallet = this.walletKey(p.userId, m);
    const walletBefore = this.ledger.available(wallet);
    this.cancelCloseOrders(p, ts);
    const orderId = this.nextId(`tier:${p.userId}:${p.symbol}:${p.mode}:${p.side}`);
    const code = this.marketClose(p, orderId, qty, ts);
    const filled = code === ResultCode.OK ? sizeBefore - p.size : 0n;
    // What the book did not take goes to the fund at the mark: the owner realises the PnL at the
    // mark (no fee), the fund's lots are worth nothing more or less than it paid.
    const rest = this.positions.get(key) === p ? max0(p.size - keep) : 0n;
    let realised = 0n;
    if (rest > 0n) {
      const ref = this.nextId(`tierfund:${p.userId}:${p.symbol}:${p.mode}:${p.side}`);
      const before = p.realisedPnl;
      const n0 = this.events.length;
      this.closeAt(m, p, rest, mark, 0n, ref, ts);
      realised = p.realisedPnl - before;
      // A loss the fund could not pay already went to the fund (and the ADL) in closeAt.
      const passed = this.events
        .slice(n0)
        .some((ev) => ev.type === 'perp.shortfall' && ev.ref === ref && ev.adlQty > 0n);
      if (!passed) {
        const fp = this.fundPosition(p.symbol, p.side, ts);
        fp.size += rest;
        fp.cost += mark * rest;
        this.events.push({ type: 'perp.position', position: { ...fp }, closed: false });
      }
    }
    const reduced = sizeBefore - (this.positions.get(key) === p ? p.size : 0n);
    let clearanceFee = 0n;
    if (this.positions.get(key) === p) {
      // Isolated: the margin the reduced lots released (less their loss and fee) stays with the
      // position; the step is a liquidation, not the owner's close.
      const back = p.mode === 'isolated' ? this.ledger.available(wallet) - walletBefore : 0n;
      if (back > 0n) {
        this.post('positionMargin', orderId, ts, [
          leg(wallet, 'available', -back),
          leg(this.isolatedKey(p, m), 'available', back),
        ]);
        p.margin += back;
      }
      const room =
        p.mode === 'isolated'
          ? minB(p.margin, max0(p.margin + this.unrealisedPnl(p)))
          : minB(max0(this.ledger.available(wallet)), max0(this.crossAccount(p.userId, m.quote).equity));
      clearanceFee = minB(fee(reduced * mark * m.quotePerTickLot, m.liquidationFeePpm), room);
      if (clearanceFee > 0n) {
        this.post('positionFee', orderId, ts, [
          leg(p.mode === 'isolated' ? this.isolatedKey(p, m) : wallet, 'available', -clearanceFee),
          leg(systemAccount('insurance', m.quote), 'available', clearanceFee),
        ]);
        p.fees += clearanceFee;
        if (p.mode === 'isolated') p.margin -= clearanceFee;
        this.events.push({ type: 'perp.position', position: { ...p }, closed: false });
      }
    }
    this.events.push({
      type: 'perp.tierReduction',
      symbol: p.symbol,
      userId: p.userId,
      mode: p.mode,
      side: p.side,
      qty: reduced,
      filled,
      toFund: reduced - filled,
      orderId,
      fromTier: from.index,
      toTier: tierFor(m.resolvedTiers, this.notional(p, mark)).index,
      markPrice: mark,
      clearanceFee,
      realisedPnl: realised,
    });
    return reduced > 0n;
  }

  /**
   * The insurance fund takes the positions over at their bankruptcy prices: the owner loses exactly
   * `collateral` (the isolated margin, or the whole cross wallet) and nothing more. The fund's
   * positions are then worth the owner's remaining equity at the mark (positive: the fund's gain).
   */
  protected takeOver(list: Position[], all: bigint, ts: number): void {
    const first = list[0]!;
    const m0 = this.markets.get(first.symbol)!;
    const owner = first.userId;
    const ref = this.nextId(`liq:${owner}:${first.symbol}:${first.mode}:${first.side}`);
    for (const p of list) this.cancelCloseOrders(p, ts);
    const settlement = systemAccount('settlement', m0.quote);
    const source = first.mode === 'isolated' ? this.isolatedKey(first, m0) : this.walletKey(owner, m0);
    const { clearanceFee, refund, applies } = this.clearance(list, all, source, ref, ts);
    // What backs the positions the fund takes over: the collateral less the fee and what the owner keeps.
    const collateral = all - clearanceFee - refund;
    if (collateral > 0n) {
      this.post('positionClose', ref, ts, [
        leg(source, 'available', -collateral),
        leg(settlement, 'available', collateral),
      ]);
    }
    // Split the loss over the positions: each loses its unrealised loss plus a share of the equity
    // by notional; the last takes the remainder so the shares add up exactly.
    let totalUpnl = 0n;
    let totalNotional = 0n;
    for (const p of list) {
      totalUpnl += this.unrealisedPnl(p);
      totalNotional += this.notional(p);
    }
    const equity = collateral + totalUpnl;
    let allocated = 0n;
    list.forEach((p, i) => {
      const m = this.markets.get(p.symbol)!;
      const upnl = this.unrealisedPnl(p);
      const share =
        i === list.length - 1
          ? collateral - allocated
          : -upnl + (totalNotional > 0n ? (equity * this.notional(p)) / totalNotional : 0n);
      allocated += share;
      // Toward -infinity, also for a negative share: the fund's cost never moves by more than the
      // money the settlement account received for it, so rounding creates no units.
      const shareTickLots = fromQuote(share, m.k, 'floor');
      const fundCost = p.side === 'long' ? p.cost - shareTickLots : p.cost + shareTickLots;
      const bankruptcy = p.size > 0n ? fundCost / p.size : 0n;
      this.events.push({
        type: 'perp.liquidation',
        symbol: p.symbol,
        userId: owner,
        mode: p.mode,
        side: p.side,
        size: p.size,
        collateralTaken: i === 0 ? max0(collateral) + clearanceFee : 0n,
        ...(applies ? { clearanceFee: i === 0 ? clearanceFee : 0n } : {}),
        bankruptcyPrice: bankruptcy,
        markPrice: this.states.get(p.symbol)!.markPrice,
        realisedPnl: -share,
      });
      const fp = this.fundPosition(p.symbol, p.side, ts);
      fp.size += p.size;
      fp.cost += fundCost;
      p.realisedPnl -= share;
      p.size = 0n;
      p.cost = 0n;
      p.margin = 0n;
      this.afterPositionChange(p, ts);
      this.events.push({ type: 'perp.position', position: { ...fp }, closed: false });
    });
  }

  /**
   * The liquidation clearance fee (ADR 182). Where every market of the liquidated positions sets a
   * rate below 100% of the notional, the insurance fund is paid that rate of the notional at the
   * mark out of the remaining equity (collateral + unrealised PnL), never more than there is, and
   * the owner keeps the rest of the equity; the fund then takes the positions over at the mark. At
   * 100% (the default) nothing is done here: the whole remaining equity goes to the fund through
   * the bankruptcy price, as before. An account already below zero pays no fee.
   */
  private clearance(list: Position[], collateral: bigint, source: string, ref: string, ts: number) {
    const none = { clearanceFee: 0n, refund: 0n, applies: false };
    if (!list.every((p) => this.markets.get(p.symbol)!.liquidationFeePpm < PPM)) return none;
    const first = list[0]!;
    const m = this.markets.get(first.symbol)!;
    let upnl = 0n;
    let due = 0n;
    for (const p of list) {
      upnl += this.unrealisedPnl(p);
      due += fee(this.notional(p), this.markets.get(p.symbol)!.liquidationFeePpm);
    }
    const remaining = max0(collateral + upnl);
    const clearanceFee = minB(due, remaining);
    const refund = remaining - clearanceFee;
    // Equity beyond the collateral is unrealised profit (a cross position in profit beside the
    // losing one, or an isolated margin cut by fees): the settlement account pays it out first, so
    // the fee and what the owner keeps are there to move. The fund then takes the positions over at
    // the mark with that profit realised to the owner (takeOver's collateral is then negative).
    const profit = clearanceFee + refund - collateral;
    if (profit > 0n) {
      this.post('positionClose', ref, ts, [
        leg(systemAccount('settlement', m.quote), 'available', -profit),
        leg(source, 'available', profit),
      ]);
      if (first.mode === 'isolated') first.margin += profit;
    }
    if (clearanceFee > 0n) {
      this.post('positionFee', ref, ts, [
        leg(source, 'available', -clearanceFee),
        leg(systemAccount('insurance', m.quote), 'available', clearanceFee),
      ]);
      first.fees += clearanceFee;
    }
    if (first.mode === 'isolated') {
      // What the owner keeps leaves the isolated account for the wallet (cross: it stays there).
      if (refund > 0n)
        this.post('positionMargin', ref, ts, [
          leg(source, 'available', -refund),
          leg(this.walletKey(first.userId, m), 'available', refund),
        ]);
      first.margin -= clearanceFee + refund;
    }
    return { clearanceFee, refund, applies: true };
  }

  /**
   * A close (a fill at `price`) whose loss is more than its owner has and than the insurance fund
   * holds. As in a liquidation, the owner loses exactly the collateral (the isolated margin, or the
   * whole cross wallet) and the fund takes the quantity over at the bankruptcy price; the trade in
   * the book becomes the fund's (a position on the other side at the trade price, so open interest
   * stays balanced). The fund's position from the owner is then auto-deleveraged at once against
   * the most profitable opposite positions at that bankruptcy price: the profit side, not the fund
   * and not a hole in the settlement account, carries the loss.
   */
  protected passToFund(m: PerpMarket, p: Position, qty: bigint, price: bigint, ref: string, ts: number) {
    const owner = p.userId;
    const wallet = this.walletKey(owner, m);
    const collateral = p.mode === 'isolated' ? p.margin : max0(this.ledger.available(wallet));
    const settlement = systemAccount('settlement', m.quote);
    if (collateral > 0n) {
      this.post('positionClose', ref, ts, [
        leg(p.mode === 'isolated' ? this.isolatedKey(p, m) : wallet, 'available', -collateral),
        leg(settlement, 'available', collateral),
      ]);
    }
    const cp = costPortion(p.side, p.size, p.cost, qty);
    const shift = fromQuote(collateral, m.k, 'down');
    const fp = this.fundPosition(p.symbol, p.side, ts);
    fp.size += qty;
    fp.cost += p.side === 'long' ? cp - shift : cp + shift;
    const other = this.fundPosition(p.symbol, p.side === 'long' ? 'short' : 'long', ts);
    other.size += qty;
    other.cost += price * qty;
    // A counterparty that opened a position at this price got a windfall the fund's side mirrors:
    // that position is closed against the fund at the same price first (ADL by the trade itself).
    const counter = this.fillCounter === undefined ? undefined : this.orders.get(this.fillCounter.orderId);
    if (counter !== undefined && isOpen(counter.action) && counter.userId !== INSURANCE_USER) {
      this.clawbacks.push({
        symbol: p.symbol,
        fundSide: other.side,
        userId: counter.userId,
        mode: counter.mode,
        side: actionPositionSide(counter.action),
        qty,
        price,
      });
    }
    p.size -= qty;
    p.cost -= cp;
    if (p.mode === 'isolated') p.margin -= collateral;
    p.realisedPnl -= collateral;
    this.events.push({
      type: 'perp.shortfall',
      ref,
      userId: owner,
      mode: p.mode,
      insurancePaid: 0n,
      adlQty: qty,
      socialised: 0n,
    });
    this.afterPositionChange(p, ts);
    this.events.push({ type: 'perp.position', position: { ...other }, closed: false });
    this.adlFundPosition(m, fp, ts);
    // The rest of the owner's positions have nothing left behind them: liquidated before the
    // command ends, and the fund's new positions deleveraged if it is in loss.
    this.needDeleverage = true;
  }

  /** See `clawbacks`: only where closing at the trade price is no loss to the counterparty. */
  protected clawBack(ts: number): void {
    if (this.clawbacks.length === 0) return;
    const list = this.clawbacks;
    this.clawbacks = [];
    for (const c of list) {
      const m = this.markets.get(c.symbol)!;
      const fp = this.positions.get(positionKey(INSURANCE_USER, c.symbol, 'cross', c.fundSide));
      const p = this.positions.get(positionKey(c.userId, c.symbol, c.mode, c.side));
      if (fp === undefined || p === undefined) continue;
      const q = minB(c.qty, minB(fp.size, p.size));
      if (q <= 0n) continue;
      const cp = costPortion(p.side, p.size, p.cost, q);
      if ((p.side === 'long' ? c.price * q - cp : cp - c.price * q) < 0n) continue;
      const adl = this.adlEvent(c.symbol, p, q, c.price);
      const ref = this.nextId(`adl:${c.symbol}:${p.userId}:${p.mode}`);
      this.adlDepth++;
      try {
        const before = p.realisedPnl;
        this.closeAt(m, p, q, c.price, 0n, ref, ts);
        adl.realisedPnl = p.realisedPnl - before;
        this.closeAt(m, fp, q, c.price, 0n, ref, ts, c.price * q);
      } finally {
        this.adlDepth--;
      }
    }
  }

  /**
   * Announces an ADL close of `qty` of `p` at `price`, before the close's own events (the server
   * reads the row's margin mode from the perp.position event after it, ADR 220). The caller fills
   * in `realisedPnl` once the close has realised it.
   */
  protected adlEvent(symbol: string, p: Position, qty: bigint, price: bigint) {
    const adl = {
      type: 'perp.adl' as const,
      symbol,
      userId: p.userId,
      side: p.side,
      qty,
      price,
      realisedPnl: 0n,
    };
    this.events.push(adl);
    return adl;
  }

  /** The fund's position on one side of a market, created empty when missing. */
  protected fundPosition(symbol: string, side: PositionSide, ts: number): Position {
    const key = positionKey(INSURANCE_USER, symbol, 'cross', side);
    const fp =
      this.positions.get(key) ?? this.openPosition(key, INSURANCE_USER, symbol, 'cross', side, 1, ts);
    return fp;
  }

  /**
   * Whether closing all of `p` at `price` costs its owner no more than the position's collateral
   * (the isolated margin, or the available cross wallet): the ADL may cut a profit or take a loss
   * the position can pay, never create a new shortfall nobody can carry.
   */
  protected adlCanTake(p: Position, price: bigint): boolean {
    const m = this.markets.get(p.symbol)!;
    const pnl = pnlTickLots(p.side, p.size, p.cost, price) * m.quotePerTickLot;
    if (pnl >= 0n) return true;
    const cover = p.mode === 'isolated' ? p.margin : this.ledger.available(this.walletKey(p.userId, m));
    // One tick-lot of slack for the rounding of a partial close's cost portion.
    return -pnl + m.quotePerTickLot <= cover;
  }

  /**
   * True when one of the position's close orders (in one-way mode: an opposite order reserving a
   * part to reduce it) is being settled in the current match.
   */
  protected closeSettling(p: Position): boolean {
    if (this.settling.size === 0) return false;
    const action = p.side === 'long' ? 'close_long' : 'close_short';
    const reducing = p.side === 'long' ? 'open_short' : 'open_long';
    return this.ordersOf(p.userId).some(
      (o) =>
        this.settling.has(o.orderId) &&
        o.symbol === p.symbol &&
        o.mode === p.mode &&
        (o.action === action || (o.action === reducing && o.reduce > 0n)),
    );
  }

  /**
   * Closes a fund position against the opposite positions ranked by PnL% x effective leverage, at
   * the fund's average entry (the bankruptcy price of what it took over), without fees.
   */
  protected adlFundPosition(m: PerpMarket, fp: Position, ts: number): void {
    if (fp.size === 0n) return;
    const symbol = m.symbol;
    const price = fp.side === 'long' ? divRound(fp.cost, fp.size, 'ceil') : fp.cost / fp.size;
    const opposite: PositionSide = fp.side === 'long' ? 'short' : 'long';
    const ranked = [...this.positions.values()]
      .filter(
        (p) =>
          p.symbol === symbol &&
          p.side === opposite &&
          p.userId !== INSURANCE_USER &&
          !this.closeSettling(p) &&
          this.adlCanTake(p, price),
      )
      .map((p) => ({ p, score: this.adlScore(p) }))
      .sort((a, b) =>
        a.score !== b.score
          ? a.score > b.score
            ? -1
            : 1
          : cmp(
              positionKey(a.p.userId, symbol, a.p.mode, a.p.side),
              positionKey(b.p.userId, symbol, b.p.mode, b.p.side),
            ),
      );
    this.adlDepth++;
    try {
      for (const { p } of ranked) {
        if (fp.size === 0n) break;
        if (p.size === 0n) continue;
        const q = minB(fp.size, p.size);
        const adl = this.adlEvent(symbol, p, q, price);
        const ref = this.nextId(`adl:${symbol}:${p.userId}:${p.mode}`);
        const before = p.realisedPnl;
        this.closeAt(m, p, q, price, 0n, ref, ts);
        adl.realisedPnl = p.realisedPnl - before;
        this.closeAt(m, fp, q, price, 0n, ref, ts);
      }
    } finally {
      this.adlDepth--;
    }
  }

  /**
   * Auto-deleveraging: while the insurance fund's equity (wallet + unrealised PnL of the positions it
   * holds) is negative, its losing positions are closed against the opposite positions ranked by
   * PnL% x effective leverage, at the fund's average entry (its bankruptcy price), so the fund books
   * no loss on them. Otherwise the fund unwinds its positions in the book, never below its entry.
   */
  protected deleverage(ts: number): void {
    for (const [symbol, m] of this.markets) {
      const fundPositions = this.positionsOf(INSURANCE_USER).filter((p) => p.symbol === symbol);
      for (const fp of fundPositions) {
        const c = this.crossAccount(INSURANCE_USER, m.quote);
        if (c.equity >= 0n || fp.size === 0n || this.unrealisedPnl(fp) >= 0n) continue;
        this.adlFundPosition(m, fp, ts);
      }
      this.unwindFund(m, ts);
    }
  }

  /** IOC orders at the fund's entry price: it sells what it took over only at no loss. */
  protected unwindFund(m: PerpMarket, ts: number): void {
    const mark = this.states.get(m.symbol)!.markPrice;
    for (const side of ['long', 'short'] as const) {
      const fp = this.positions.get(positionKey(INSURANCE_USER, m.symbol, 'cross', side));
      if (fp === undefined || fp.size === 0n) continue;
      const entry = side === 'long' ? divRound(fp.cost, fp.size, 'ceil') : fp.cost / fp.size;
      if (entry <= 0n) continue;
      const qty = fp.size - this.reservedClose(fp);
      if (qty <= 0n) continue;
      // Into the market, not only at the entry: a position taken over after a gap would otherwise
      // sit with the fund (paying funding, exposed to the next move) until the price came back. The
      // fund accepts a loss up to what it can carry (its wallet less the open losses of its other
      // positions, so its equity stays >= 0) and never trades beyond the market orders' protection
      // from the mark. Never worse than that, never better than needed: at the entry when it can.
      let afford = this.ledger.available(this.walletKey(INSURANCE_USER, m));
      for (const q of this.positionsOf(INSURANCE_USER)) {
        const u = q === fp ? 0n : this.unrealisedPnl(q);
        if (u < 0n) afford += u;
      }
      const slack = afford > 0n ? fromQuote(afford, m.k, 'floor') / qty : 0n;
      let price = entry;
      if (mark > 0n) {
        const guard = this.protectionPrice(m, mark, side === 'long' ? 'sell' : 'buy');
        if (side === 'long') {
          const floor = entry - slack > guard ? entry - slack : guard;
          price = floor < entry ? (floor < 1n ? 1n : floor) : entry;
        } else {
          const cap = entry + slack < guard ? entry + slack : guard;
          price = cap > entry ? cap : entry;
        }
      }
      const orderId = this.nextId(`unwind:${m.symbol}:${side}`);
      this.placeInternal({
        orderId,
        userId: INSURANCE_USER,
        symbol: m.symbol,
        action: side === 'long' ? 'close_long' : 'close_short',
        type: 'limit',
        mode: 'cross',
        price: Number(price),
        qty: Number(qty),
        tif: 'IOC',
        ts,
      });
    }
  }

  /**
   * Binance's ADL ranking, scaled by 10^12: PnL% x effective leverage, with PnL% = uPnL / entry
   * value and effective leverage = notional / (collateral + uPnL), the collateral being the
   * isolated margin or, for cross, what the liquidation price uses (wallet + the other cross
   * positions' PnL - their maintenance). A cross position backed by a small wallet ranks above the
   * same position backed by a large one, whatever leverage was chosen for the order. Positions in
   * loss rank below every gain.
   */
  adlScore(p: Position): bigint {
    const upnl = this.unrealisedPnl(p);
    const collateral = this.collateralFor(p);
    const equity = collateral + upnl;
    const entryValue = p.cost * this.markets.get(p.symbol)!.quotePerTickLot;
    if (upnl <= 0n || entryValue <= 0n || equity <= 0n) return upnl - 1n;
    return (upnl * this.notional(p) * 1_000_000_000_000n) / (entryValue * equity);
  }

  /**
   * The ADL indicator (five lights, Binance's): where the position's ADL score ranks among the
   * positions on its side of the market: the top fifth shows 5, the bottom fifth 1. 0 for the fund.
   */
  adlLights(p: Position): number {
    if (p.userId === INSURANCE_USER) return 0;
    const mine = this.adlScore(p);
    let n = 0;
    let above = 0;
    for (const q of this.positions.values()) {
      if (q.symbol !== p.symbol || q.side !== p.side || q.userId === INSURANCE_USER || q.size === 0n)
        continue;
      n++;
      if (q !== p && this.adlScore(q) > mine) above++;
    }
    if (n === 0) return 1;
    return 5 - Math.floor((above * 5) / n);
  }
}
