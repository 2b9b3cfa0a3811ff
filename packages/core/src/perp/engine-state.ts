// The perpetual engine's state (markets, books, positions, orders, waiting triggers, leverage,
// indexes) and the few helpers every part uses. The behaviour lives in the layers above, one concern
// each; the methods one layer calls in a higher one are declared here.
// Part of PerpEngine (perp-engine.ts describes the layers).

import type { OrderBook } from '../book/types.ts';
import { accountKey, type Ledger, systemAccount } from '../ledger/ledger.ts';
import { ResultCode } from '../ledger/result-code.ts';
import type { EntryType, Posting } from '../ledger/types.ts';
import type { BookFactory } from '../spot/book-factory.ts';
import type { ContractTrigger, TriggerBy } from './conditional.ts';
import { emptyState } from './internal.ts';
import type { PositionSide } from './math.ts';
import {
  type ContractOrder,
  type ContractPlace,
  INSURANCE_USER,
  type MarginMode,
  type MarketState,
  type PerpEvent,
  type PerpMarket,
  type PerpMarketConfig,
  type PerpResult,
  type Position,
  type PositionMode,
  positionKey,
  resolvePerpMarket,
} from './types.ts';

export abstract class PerpState {
  readonly markets = new Map<string, PerpMarket>();

  protected books = new Map<string, OrderBook>();

  protected states = new Map<string, MarketState>();

  /** By positionKey. */
  protected positions = new Map<string, Position>();

  /** Open contract orders (resting), by order id. */
  protected orders = new Map<string, ContractOrder>();

  /** Waiting conditional orders by order id, in placement order (the order they fire in). */
  protected triggers = new Map<string, ContractTrigger>();

  /** Lots filled by the last order placeInternal accepted (TP/SL back-off). */
  protected lastFilled = 0;

  /** `${userId}|${symbol}` -> leverage chosen by the user. */
  protected leverage = new Map<string, number>();

  /** Users in one-way position mode (ADR 180); everyone else is in hedge mode. */
  protected oneWay = new Set<string>();

  /** Indexes by user (derived from positions and orders, rebuilt on restore in the same order). */
  protected positionsByUser = new Map<string, Set<string>>();

  protected ordersByUser = new Map<string, Set<string>>();

  protected events: PerpEvent[] = [];

  /**
   * Engine-made ids (the fund's unwind orders, TP/SL closes, ADL refs) take the next number: unique
   * and replayable, where ids from the command's time repeated when two commands shared a
   * millisecond (and the server's trades primary key then stopped the exchange).
   */
  protected idSeq = 0;

  /** Orders with fills being settled right now: not cancellable until their settlement is done. */
  protected settling = new Set<string>();

  /**
   * One-way mode, during a match: what the fills still to be settled in it will close of each
   * position (by positionKey), and what each fill side (by its ledger ref) counted there. An
   * opening fill reduces only what is left, so a reduce-only order matched in the same sweep still
   * finds its position (ADR 180).
   */
  protected matchCloses:
    | { byPosition: Map<string, bigint>; bySide: Map<string, { key: string; qty: bigint }> }
    | undefined;

  /** Set when a loss was passed to the fund as a position: ADL runs before the command ends. */
  protected needDeleverage = false;

  /** The other side of the fill being settled (passToFund claws back what it opened). */
  protected fillCounter: { userId: string; orderId: string } | undefined;

  /**
   * Fund positions that stand in for the trade counterparty of a loss passed to the fund: closed
   * against the position that trade opened, at the trade price, before any other ADL.
   */
  protected clawbacks: {
    symbol: string;
    fundSide: PositionSide;
    userId: string;
    mode: MarginMode;
    side: PositionSide;
    qty: bigint;
    price: bigint;
  }[] = [];

  constructor(
    protected readonly ledger: Ledger,
    protected readonly bookFactory: BookFactory,
    markets: readonly PerpMarketConfig[],
  ) {
    for (const c of markets) {
      const m = resolvePerpMarket(c);
      this.markets.set(m.symbol, m);
      this.books.set(m.symbol, bookFactory.create());
      this.states.set(m.symbol, emptyState());
    }
  }

  protected nextId(prefix: string): string {
    this.idSeq += 1;
    return `${prefix}:#${this.idSeq}`;
  }

  /** A new empty position, added under its key (an opening fill, or the fund taking over lots). */
  protected openPosition(
    key: string,
    userId: string,
    symbol: string,
    mode: MarginMode,
    side: PositionSide,
    leverage: number,
    ts: number,
  ): Position {
    const p: Position = {
      userId,
      symbol,
      mode,
      side,
      size: 0n,
      cost: 0n,
      margin: 0n,
      leverage,
      fundingIndex: this.states.get(symbol)!.fundingIndex,
      openTs: ts,
      tp: 0n,
      sl: 0n,
      realisedPnl: 0n,
      fees: 0n,
      funding: 0n,
      tpslBy: 'mark',
      tpslMisses: 0,
      tpslWait: 0,
    };
    this.addPosition(key, p);
    return p;
  }

  /** A market order closing `qty` lots of a position (a TP/SL fire, a liquidation tier step). */
  protected marketClose(p: Position, orderId: string, qty: bigint, ts: number): ResultCode {
    return this.placeInternal({
      orderId,
      userId: p.userId,
      symbol: p.symbol,
      action: p.side === 'long' ? 'close_long' : 'close_short',
      type: 'market',
      mode: p.mode,
      qty: Number(qty),
      ts,
    });
  }

  protected addPosition(key: string, p: Position): void {
    this.positions.set(key, p);
    let set = this.positionsByUser.get(p.userId);
    if (set === undefined) {
      set = new Set();
      this.positionsByUser.set(p.userId, set);
    }
    set.add(key);
  }

  protected removePosition(key: string, userId: string): void {
    this.positions.delete(key);
    const set = this.positionsByUser.get(userId);
    set?.delete(key);
    if (set?.size === 0) this.positionsByUser.delete(userId);
  }

  protected addOrder(o: ContractOrder): void {
    this.orders.set(o.orderId, o);
    let set = this.ordersByUser.get(o.userId);
    if (set === undefined) {
      set = new Set();
      this.ordersByUser.set(o.userId, set);
    }
    set.add(o.orderId);
  }

  protected removeOrder(o: ContractOrder): void {
    this.orders.delete(o.orderId);
    const set = this.ordersByUser.get(o.userId);
    set?.delete(o.orderId);
    if (set?.size === 0) this.ordersByUser.delete(o.userId);
  }

  /** A user's positions (a copy: safe to change positions while iterating). */
  positionsOf(userId: string): Position[] {
    return [...(this.positionsByUser.get(userId) ?? [])].map((k) => this.positions.get(k)!);
  }

  /** A user's open contract orders (a copy). */
  ordersOf(userId: string): ContractOrder[] {
    return [...(this.ordersByUser.get(userId) ?? [])].map((id) => this.orders.get(id)!);
  }

  book(symbol: string): OrderBook | undefined {
    return this.books.get(symbol);
  }

  state(symbol: string): MarketState | undefined {
    return this.states.get(symbol);
  }

  position(userId: string, symbol: string, mode: MarginMode, side: PositionSide): Position | undefined {
    return this.positions.get(positionKey(userId, symbol, mode, side));
  }

  allPositions(): IterableIterator<Position> {
    return this.positions.values();
  }

  openOrders(): IterableIterator<ContractOrder> {
    return this.orders.values();
  }

  hasOrder(orderId: string): boolean {
    return this.orders.has(orderId) || this.triggers.has(orderId);
  }

  /** The resting order with this id (not a waiting conditional one). */
  order(orderId: string): ContractOrder | undefined {
    return this.orders.get(orderId);
  }

  /** A waiting conditional order. */
  trigger(orderId: string): ContractTrigger | undefined {
    return this.triggers.get(orderId);
  }

  /** A user's waiting conditional orders, in placement order (copies). */
  triggersOf(userId: string): ContractTrigger[] {
    const out: ContractTrigger[] = [];
    for (const t of this.triggers.values()) if (t.userId === userId) out.push({ ...t });
    return out;
  }

  allTriggers(): IterableIterator<ContractTrigger> {
    return this.triggers.values();
  }

  leverageOf(userId: string, symbol: string): number {
    return this.leverage.get(`${userId}|${symbol}`) ?? this.markets.get(symbol)?.defaultLeverage ?? 1;
  }
  positionModeOf(userId: string): PositionMode {
    return this.oneWay.has(userId) ? 'one_way' : 'hedge';
  }

  /** The wallet that backs a user's cross positions: the insurance fund for the fund itself. */
  walletKey(userId: string, m: { quote: string }): string {
    return userId === INSURANCE_USER
      ? systemAccount('insurance', m.quote)
      : accountKey(userId, 'contract', m.quote);
  }

  isolatedKey(p: { userId: string; symbol: string; side: PositionSide }, m: { quote: string }): string {
    return accountKey(p.userId, `isolated:${p.symbol}:${p.side}`, m.quote);
  }

  protected done(): PerpResult {
    const events = this.events;
    this.events = [];
    return { code: ResultCode.OK, events };
  }

  protected post(type: EntryType, ref: string, ts: number, postings: Posting[]): void {
    const entry = this.ledger.mustPost(type, ref, ts, postings);
    if (entry.postings.length > 0) this.events.push({ type: 'perp.ledger', entry });
  }

  /** Depth of ADL closes in progress: their own shortfalls cannot be deleveraged again. */
  protected adlDepth = 0;

  protected lastFunding = { collected: 0n, paid: 0n, remainder: 0n };

  // Implemented by the layers above (see perp-engine.ts).
  protected abstract cancelCloseOrders(p: Position, ts: number): void;
  protected abstract dropCloseTriggers(p: Position): void;
  protected abstract afterUserCommand(ts: number): void;
  protected abstract passToFund(
    m: PerpMarket,
    p: Position,
    qty: bigint,
    price: bigint,
    ref: string,
    ts: number,
  ): void;
  protected abstract cancelResting(o: ContractOrder, reason: string, ts: number): void;
  protected abstract afterTrades(symbol: string, lastBefore: bigint | undefined, ts: number): void;
  protected abstract placeInternal(cmd: ContractPlace): ResultCode;
  protected abstract dropTrigger(t: ContractTrigger, reason: string): void;
  protected abstract fireTriggers(m: PerpMarket, ts: number): void;
  protected abstract triggerTpsl(m: PerpMarket, ts: number, only?: TriggerBy): void;
  protected abstract tpslProblem(side: PositionSide, tp: bigint, sl: bigint, mark: bigint): ResultCode;
  protected abstract liquidate(ts: number): void;
}
