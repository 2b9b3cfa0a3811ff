// Positions and margin, changing side: leverage, isolated margin, closing a position and settling a
// close (a loss paid by its owner first, then the fund, then ADL).
// Part of PerpEngine (perp-engine.ts describes the layers).

import { leg, systemAccount } from '../ledger/ledger.ts';
import { ResultCode } from '../ledger/result-code.ts';
import type { Posting } from '../ledger/types.ts';
import { divRound } from '../money.ts';
import { fail, isOpen, max0, minB } from './internal.ts';
import { PerpMargin } from './margin.ts';
import { costPortion, initialMargin, type PositionSide, pnlTickLots, tierFor, toQuote } from './math.ts';
import {
  INSURANCE_USER,
  type MarginMode,
  type PerpMarket,
  type PerpResult,
  type Position,
  type PositionMode,
  positionKey,
} from './types.ts';

export abstract class PerpPositions extends PerpMargin {
  /**
   * Hedge or one-way position mode for a user (ADR 180), in all markets. Refused while the user has
   * a position, an open order or a waiting conditional order anywhere (Binance's rule), so no order
   * or position ever lives under a mode it was not made for. Setting the mode the user has already
   * is accepted and changes nothing.
   */
  setPositionMode(userId: string, mode: PositionMode): PerpResult {
    if ((mode !== 'hedge' && mode !== 'one_way') || userId === INSURANCE_USER)
      return fail(ResultCode.PERP_INVALID_POSITION_MODE);
    if (this.positionModeOf(userId) === mode) return { code: ResultCode.OK, events: [] };
    if (this.positionsByUser.has(userId) || this.ordersByUser.has(userId))
      return fail(ResultCode.PERP_POSITION_MODE_BUSY);
    for (const t of this.triggers.values())
      if (t.userId === userId) return fail(ResultCode.PERP_POSITION_MODE_BUSY);
    if (mode === 'one_way') this.oneWay.add(userId);
    else this.oneWay.delete(userId);
    return { code: ResultCode.OK, events: [{ type: 'perp.positionMode', userId, mode }] };
  }

  /**
   * The user's leverage in a market, also with open positions and orders (ADR 135): positions take
   * the new leverage, open opening orders are held again at it. Refused when the risk tier of what
   * the user holds or may get does not allow it, when an isolated position's margin (less its open
   * loss) is below the new initial margin, or when more initial margin and holds are needed than
   * the free collateral has. Raising the leverage never needs money.
   */
  setLeverage(userId: string, symbol: string, leverage: number, ts = 0): PerpResult {
    const m = this.markets.get(symbol);
    if (m === undefined) return fail(ResultCode.PERP_UNKNOWN_MARKET);
    if (!m.leverages.includes(leverage)) return fail(ResultCode.PERP_LEVERAGE_NOT_ALLOWED);
    const positions = this.positionsOf(userId).filter((p) => p.symbol === symbol);
    const orders = this.ordersOf(userId).filter((o) => o.symbol === symbol && isOpen(o.action));
    for (const side of ['long', 'short'] as const) {
      const n = this.exposure(userId, m, side);
      if (n > 0n && tierFor(m.resolvedTiers, n).maxLeverage < leverage)
        return fail(ResultCode.PERP_RISK_LIMIT_EXCEEDED);
    }
    let need = 0n;
    for (const p of positions) {
      const notional = this.notional(p);
      if (p.mode === 'isolated') {
        const upnl = this.unrealisedPnl(p);
        if (p.margin + (upnl < 0n ? upnl : 0n) < initialMargin(notional, leverage))
          return fail(ResultCode.PERP_LEVERAGE_MARGIN);
      } else need += initialMargin(notional, leverage) - initialMargin(notional, p.leverage);
    }
    const holds = orders.map((o) =>
      this.holdNeeded(m, o.price, o.remaining - o.reduce, leverage, o.lossTicks),
    );
    orders.forEach((o, i) => {
      need += holds[i]! - o.hold;
    });
    if (need > 0n && this.freeCollateral(userId, m.quote) < need)
      return fail(ResultCode.PERP_LEVERAGE_MARGIN);
    this.events = [];
    this.leverage.set(`${userId}|${symbol}`, leverage);
    const wallet = this.walletKey(userId, m);
    orders.forEach((o, i) => {
      const delta = holds[i]! - o.hold;
      if (delta !== 0n)
        this.post(delta > 0n ? 'postingOrder' : 'refundPostingOrder', o.orderId, ts, [
          leg(wallet, 'available', -delta),
          leg(wallet, 'frozen', delta),
        ]);
      o.hold = holds[i]!;
      o.leverage = leverage;
    });
    for (const p of positions) {
      p.leverage = leverage;
      this.events.push({ type: 'perp.position', position: { ...p }, closed: false });
    }
    return this.done();
  }

  /** Isolated margin: add (amount > 0) or remove (amount < 0) within bounds. */
  adjustMargin(
    userId: string,
    symbol: string,
    side: PositionSide,
    amount: bigint,
    ref: string,
    ts: number,
  ): PerpResult {
    const m = this.markets.get(symbol);
    if (m === undefined) return fail(ResultCode.PERP_UNKNOWN_MARKET);
    const p = this.positions.get(positionKey(userId, symbol, 'isolated', side));
    if (p === undefined) return fail(ResultCode.PERP_NO_POSITION);
    if (amount === 0n) return fail(ResultCode.LEDGER_AMOUNT_NOT_POSITIVE);
    const notional = this.notional(p);
    if (amount > 0n) {
      if (this.freeCollateral(userId, m.quote) < amount) return fail(ResultCode.PERP_INSUFFICIENT_MARGIN);
      // More margin than the notional would be leverage below 1: refused.
      if (p.margin + amount > notional) return fail(ResultCode.PERP_INSUFFICIENT_MARGIN);
    } else {
      const upnl = this.unrealisedPnl(p);
      const after = p.margin + amount + (upnl < 0n ? upnl : 0n);
      if (after < initialMargin(notional, p.leverage)) return fail(ResultCode.PERP_MARGIN_BELOW_INITIAL);
    }
    this.events = [];
    this.post('positionMargin', ref, ts, [
      leg(this.walletKey(userId, m), 'available', -amount),
      leg(this.isolatedKey(p, m), 'available', amount),
    ]);
    p.margin += amount;
    this.events.push({ type: 'perp.position', position: { ...p }, closed: false });
    return this.done();
  }

  /** Market-closes a whole position (its resting close orders are cancelled first). */
  closePosition(
    orderId: string,
    userId: string,
    symbol: string,
    mode: MarginMode,
    side: PositionSide,
    ts: number,
  ): PerpResult {
    this.events = [];
    const last = this.states.get(symbol)?.lastTradePrice;
    const code = this.closePositionInternal(orderId, userId, symbol, mode, side, ts);
    if (code !== ResultCode.OK) return fail(code);
    this.afterTrades(symbol, last, ts);
    this.afterUserCommand(ts);
    return this.done();
  }

  protected closePositionInternal(
    orderId: string,
    userId: string,
    symbol: string,
    mode: MarginMode,
    side: PositionSide,
    ts: number,
  ): ResultCode {
    const p = this.positions.get(positionKey(userId, symbol, mode, side));
    if (p === undefined) return ResultCode.PERP_NO_POSITION;
    if (this.states.get(symbol)!.markPrice <= 0n) return ResultCode.PERP_NO_MARK_PRICE;
    if (this.orders.has(orderId)) return ResultCode.PERP_DUPLICATE_ORDER_ID;
    this.cancelCloseOrders(p, ts);
    return this.placeInternal({
      orderId,
      userId,
      symbol,
      action: side === 'long' ? 'close_long' : 'close_short',
      type: 'market',
      mode,
      qty: Number(p.size),
      ts,
    });
  }

  /**
   * Realises `qty` of a position at `price` (a fill, an ADL), paying `feeDue`. A loss is paid from
   * the position's collateral: the isolated margin, or for cross the wallet, topped up first from
   * the holds of the owner's open orders and the profit of the owner's other cross positions (a
   * solvent account pays its own losses). What is still missing comes from the insurance fund; when
   * the fund cannot pay it all, the owner loses exactly the collateral and the quantity goes to the
   * fund at the bankruptcy price and is deleveraged (passToFund). Only a loss that nobody can carry
   * (an ADL counterparty's, or the fund's own) is left in the settlement account: `socialised` in the
   * `perp.shortfall` event, and a violation for checkInvariants.
   */
  protected closeAt(
    m: PerpMarket,
    p: Position,
    qty: bigint,
    price: bigint,
    feeDue: bigint,
    ref: string,
    ts: number,
    /**
     * The cost (tick-lots) of exactly the lots being closed, when they are known: the fund's
     * clawback closes the very lots passToFund added at the trade price, not an average of them
     * and older ones (an average would book the fund a loss nobody can pay).
     */
    knownCost?: bigint,
  ) {
    let cp =
      knownCost !== undefined && qty < p.size && knownCost < p.cost
        ? knownCost
        : costPortion(p.side, p.size, p.cost, qty);
    let pnl = toQuote(p.side === 'long' ? price * qty - cp : cp - price * qty, m.k, 'floor');
    const wallet = this.walletKey(p.userId, m);
    const source = p.mode === 'isolated' ? this.isolatedKey(p, m) : wallet;
    if (p.mode === 'cross' && p.userId !== INSURANCE_USER && feeDue - pnl > this.ledger.available(wallet)) {
      this.coverCross(p.userId, m.quote, feeDue - pnl, p, ts);
      // The profit at the mark of what stays open of this position counts too. Realising moves
      // the cost basis of the whole position, the closed part included, so all of it is realised
      // (nothing is left unused) and the closed part's cost and PnL are taken again.
      if (feeDue - pnl > this.ledger.available(wallet)) {
        this.realiseProfit(
          p,
          pnlTickLots(p.side, p.size, p.cost, this.valuationPrice(p)) * m.quotePerTickLot,
          ts,
        );
        cp = costPortion(p.side, p.size, p.cost, qty);
        pnl = toQuote(p.side === 'long' ? price * qty - cp : cp - price * qty, m.k, 'floor');
      }
    }
    const sourceMax = p.mode === 'isolated' ? p.margin : this.ledger.available(wallet);
    const released = p.mode === 'isolated' ? (qty === p.size ? p.margin : (p.margin * qty) / p.size) : 0n;
    let take = released;
    let toWallet = released + pnl - feeDue;
    let feePaid = feeDue;
    let insurance = 0n;
    let socialised = 0n;
    if (toWallet < 0n) {
      let short = -toWallet;
      toWallet = 0n;
      const extra = minB(short, sourceMax - released);
      take += extra;
      short -= extra;
      const feeCut = minB(short, feePaid);
      feePaid -= feeCut;
      short -= feeCut;
      if (short > 0n) {
        const fund = max0(this.ledger.available(systemAccount('insurance', m.quote)));
        if (p.userId === INSURANCE_USER) socialised = short;
        else if (short <= fund) insurance = short;
        else if (this.adlDepth === 0) {
          this.passToFund(m, p, qty, price, ref, ts);
          return;
        } else {
          insurance = fund;
          socialised = short - fund;
        }
      }
    }
    const settlement = systemAccount('settlement', m.quote);
    const legs: Posting[] = [];
    if (p.mode === 'isolated') {
      legs.push(leg(source, 'available', -take), leg(wallet, 'available', toWallet + feePaid));
    } else {
      legs.push(leg(wallet, 'available', toWallet + feePaid - take));
    }
    if (insurance > 0n) legs.push(leg(systemAccount('insurance', m.quote), 'available', -insurance));
    legs.push(leg(settlement, 'available', take + insurance - toWallet - feePaid));
    this.post('positionClose', ref, ts, legs);
    if (feePaid > 0n) {
      this.post('positionFee', ref, ts, [
        leg(wallet, 'available', -feePaid),
        leg(systemAccount('fee', m.quote), 'available', feePaid),
      ]);
    }
    if (insurance > 0n || socialised > 0n) {
      this.events.push({
        type: 'perp.shortfall',
        ref,
        userId: p.userId,
        mode: p.mode,
        insurancePaid: insurance,
        adlQty: 0n,
        socialised,
      });
    }
    p.size -= qty;
    p.cost -= cp;
    if (p.mode === 'isolated') p.margin -= take;
    p.realisedPnl += pnl;
    p.fees += feePaid;
    this.afterPositionChange(p, ts);
  }

  /**
   * Frees `need` in a user's cross wallet before a loss or a payment reaches anyone else: first
   * the holds of the user's open orders in that quote asset (cancelled, as a liquidation would),
   * then the unrealised profit of the user's other cross positions, realised at the mark (the cost
   * basis moves to the mark, the position stays open). Takes only what is needed.
   */
  protected coverCross(
    userId: string,
    quote: string,
    need: bigint,
    except: Position | undefined,
    ts: number,
  ) {
    const wallet = this.walletKey(userId, { quote });
    for (const o of this.ordersOf(userId)) {
      if (this.ledger.available(wallet) >= need) return;
      if (o.hold === 0n || this.settling.has(o.orderId) || this.markets.get(o.symbol)!.quote !== quote)
        continue;
      if (this.books.get(o.symbol)!.order(o.orderId) === undefined) continue;
      this.cancelResting(o, 'margin_call', ts);
    }
    for (const p of this.positionsOf(userId)) {
      const missing = need - this.ledger.available(wallet);
      if (missing <= 0n) return;
      if (p === except || p.mode !== 'cross' || this.markets.get(p.symbol)!.quote !== quote) continue;
      this.realiseProfit(p, missing, ts);
    }
  }

  /**
   * Pays up to `amount` of a cross position's unrealised profit at the mark into its wallet. The
   * cost basis moves by exactly what is paid (a whole number of tick-lots), so equity, size and the
   * settlement account's cover of open positions are unchanged.
   */
  protected realiseProfit(p: Position, amount: bigint, ts: number): void {
    const m = this.markets.get(p.symbol)!;
    const mark = this.states.get(p.symbol)!.markPrice;
    if (mark <= 0n || p.size === 0n) return;
    const profit = pnlTickLots(p.side, p.size, p.cost, mark);
    if (profit <= 0n) return;
    const tickLots = minB(profit, divRound(amount, m.quotePerTickLot, 'ceil'));
    const cash = tickLots * m.quotePerTickLot;
    p.cost += p.side === 'long' ? tickLots : -tickLots;
    p.realisedPnl += cash;
    this.post('positionClose', this.nextId(`realise:${p.userId}:${p.symbol}:${p.side}`), ts, [
      leg(systemAccount('settlement', m.quote), 'available', -cash),
      leg(this.walletKey(p.userId, m), 'available', cash),
    ]);
    this.events.push({ type: 'perp.position', position: { ...p }, closed: false });
  }

  protected afterPositionChange(p: Position, ts: number): void {
    const key = positionKey(p.userId, p.symbol, p.mode, p.side);
    if (p.size === 0n) {
      this.removePosition(key, p.userId);
      const m = this.markets.get(p.symbol)!;
      // Rounding can leave a unit of isolated margin behind: it goes back to the owner's wallet.
      if (p.mode === 'isolated' && p.margin > 0n) {
        this.post('positionMargin', key, ts, [
          leg(this.isolatedKey(p, m), 'available', -p.margin),
          leg(this.walletKey(p.userId, m), 'available', p.margin),
        ]);
        p.margin = 0n;
      }
      this.cancelCloseOrders(p, ts);
      this.dropCloseTriggers(p);
      this.events.push({ type: 'perp.position', position: { ...p }, closed: true });
    } else {
      if (this.reservedClose(p) > p.size) this.cancelCloseOrders(p, ts);
      this.events.push({ type: 'perp.position', position: { ...p }, closed: false });
    }
  }
}
