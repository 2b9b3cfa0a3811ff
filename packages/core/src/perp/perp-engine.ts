// USDC-margined linear perpetuals: contract orders through one order book per symbol, positions in
// hedge mode (a long and a short can coexist) per (user, symbol, margin mode, side), margin, fees,
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

import type { Fill, OrderBook, PlaceAccepted, SelfTradePrevention, TimeInForce } from '../book/types.ts';
import { accountKey, type Ledger, leg, systemAccount } from '../ledger/ledger.ts';
import { ResultCode } from '../ledger/result-code.ts';
import type { EntryType, JournalEntry, Posting } from '../ledger/types.ts';
import { divRound, type MarketScales, pow10 } from '../money.ts';
import type { BookFactory } from '../spot/book-factory.ts';
import {
  type ContractTrigger,
  isBuyAction,
  observe,
  type TriggerBy,
  trailingTrigger,
  triggerFromRow,
  triggerRow,
} from './conditional.ts';
import {
  bankruptcyPrice,
  costPortion,
  fee,
  fromQuote,
  fundingOwed,
  fundingRate,
  initialMargin,
  liquidationPriceTiered,
  type MarginTier,
  maintenanceMargin,
  median3,
  type PositionSide,
  PPM,
  pnlTickLots,
  premiumPpm,
  type QuoteUnit,
  quoteUnit,
  type ResolvedTier,
  resolveTiers,
  tierFor,
  toQuote,
} from './math.ts';

export const INSURANCE_USER = '@insurance';
export const EIGHT_HOURS_MS = 8 * 60 * 60 * 1000;

export type MarginMode = 'cross' | 'isolated';
export type ContractAction = 'open_long' | 'open_short' | 'close_long' | 'close_short';

export interface PerpMarketConfig {
  symbol: string;
  /** The margin and settlement asset (USDC). */
  quote: string;
  quoteScale: number;
  scales: MarketScales;
  /** Allowed leverage values, e.g. [1, 2, 3, 5, 10, 20, 50, 100]. */
  leverages: readonly number[];
  defaultLeverage: number;
  tiers: readonly MarginTier[];
  makerFeePpm: bigint;
  takerFeePpm: bigint;
  /** 8 hours by default. */
  fundingIntervalMs?: number;
  /** Interest rate per funding interval (default 100 ppm = 0.01%). */
  interestPpm?: bigint;
  /** Band around the premium for the interest term (default 500 ppm = 0.05%). */
  premiumBandPpm?: bigint;
  /**
   * Funding rate cap per interval (default 7500 ppm = 0.75%), always clamped to 75% of the first
   * tier's maintenance rate (Binance's cap): a larger payment could take a position opened at the
   * highest leverage below maintenance in one interval.
   */
  fundingCapPpm?: bigint;
  /** The premium basis is an EMA over this many price updates (default 30). */
  markEmaPeriods?: number;
  /** Market orders and TP/SL closes may trade at most this far from the mark (default 5%). */
  marketProtectionPpm?: bigint;
}

export interface PerpMarket extends Required<PerpMarketConfig> {
  k: QuoteUnit;
  /** Quote units per tick-lot (exact, checked). */
  quotePerTickLot: bigint;
  resolvedTiers: ResolvedTier[];
}

export function resolvePerpMarket(c: PerpMarketConfig): PerpMarket {
  const k = quoteUnit(c.scales, c.quoteScale);
  if (k.kNum % k.kDen !== 0n)
    throw new RangeError(`${c.symbol}: a tick-lot must be a whole number of quote units`);
  if (!c.leverages.includes(c.defaultLeverage))
    throw new RangeError(`${c.symbol}: default leverage not allowed`);
  if (c.tiers.length === 0) throw new RangeError(`${c.symbol}: no margin tiers`);
  const capLimit = (c.tiers[0]!.mmrPpm * 3n) / 4n;
  const cap = c.fundingCapPpm ?? 7500n;
  return {
    fundingIntervalMs: EIGHT_HOURS_MS,
    interestPpm: 100n,
    premiumBandPpm: 500n,
    markEmaPeriods: 30,
    marketProtectionPpm: 50_000n,
    ...c,
    fundingCapPpm: cap < capLimit ? cap : capLimit,
    k,
    quotePerTickLot: k.kNum / k.kDen,
    resolvedTiers: resolveTiers(c.tiers),
  };
}

export interface Position {
  userId: string;
  symbol: string;
  mode: MarginMode;
  side: PositionSide;
  /** Lots. */
  size: bigint;
  /** Cost basis in tick-lots (sum of price*qty of the opening fills, less what closes removed). */
  cost: bigint;
  /** Isolated margin (quote units); 0 for cross. */
  margin: bigint;
  leverage: number;
  /** The market's cumulative funding index when funding was last settled for this position. */
  fundingIndex: bigint;
  openTs: number;
  /** Ticks; 0 = none. Triggered by the mark price. */
  tp: bigint;
  sl: bigint;
  /** Running totals for display (quote units): realised PnL, fees paid, funding (+ received). */
  realisedPnl: bigint;
  fees: bigint;
  funding: bigint;
  /** The price TP/SL watch: the mark (default) or the last trade. */
  tpslBy: TriggerBy;
  /**
   * TP/SL back-off (ADR 137): fires in a row that filled nothing, and price checks still to skip
   * before the next try (2^misses - 1, at most 63), so a stop into an empty book does not refire
   * on every price update. Reset by a fire that fills.
   */
  tpslMisses: number;
  tpslWait: number;
}

export interface ContractOrder {
  orderId: string;
  userId: string;
  symbol: string;
  action: ContractAction;
  mode: MarginMode;
  leverage: number;
  /** Lots not yet filled. */
  remaining: bigint;
  /** Quote units frozen in the contract wallet for the unfilled part (opening orders only). */
  hold: bigint;
  /**
   * Ticks the hold is computed at: the limit price (market buys: the protection price); for opening
   * shorts the higher of that and the mark, since a short's margin grows with the price.
   */
  price: bigint;
  /**
   * The open loss per lot (ticks) held on top of margin and fee: how far a buy is above the mark
   * or a sell below it when placed (Binance's order cost). Without it a buy far above the mark is
   * underwater from its first fill and its loss lands on the insurance fund.
   */
  lossTicks: bigint;
  /** TP/SL (ticks, 0 = none) that the position takes over when this opening order fills. */
  tp: bigint;
  sl: bigint;
}

export interface MarketState {
  indexPrice: bigint;
  markPrice: bigint;
  lastTradePrice: bigint;
  /** EMA of (book mid - index), in ticks * 10^6. */
  premiumEmaMicro: bigint;
  /** Premium samples (ppm) since the last funding, for the premium index. */
  premiumSumPpm: bigint;
  premiumCount: bigint;
  /** Cumulative funding index, tick-ppm per lot. */
  fundingIndex: bigint;
  lastFundingRatePpm: bigint;
  /** When the next funding settles (ms); 0 until the first price update sets the schedule. */
  nextFundingTs: number;
}

export interface ContractPlace {
  orderId: string;
  userId: string;
  symbol: string;
  action: ContractAction;
  type: 'limit' | 'market';
  mode: MarginMode;
  /** Ticks, limit orders. */
  price?: number;
  /** Lots. */
  qty: number;
  tif?: TimeInForce;
  /** Self-trade prevention against the user's own resting orders (the book's default: cancel_newest). */
  stp?: SelfTradePrevention;
  /** Opening orders only: TP/SL (ticks) the position gets when the order fills, even after resting. */
  tp?: bigint;
  sl?: bigint;
  ts: number;
}

/** A stop-market / stop-limit / take-profit / trailing-stop order (conditional.ts). */
export interface ContractConditionalPlace extends Omit<ContractPlace, 'tp' | 'sl'> {
  /** Ticks; required unless trailing (then it is derived from the price at placement). */
  triggerPrice?: number;
  /** Default 'mark'. */
  triggerBy?: TriggerBy;
  /** Trailing stop callback rate in ppm (1,000 = 0.1% ... 100,000 = 10%). */
  trailingPpm?: number;
  ts: number;
}

export interface ContractAmend {
  symbol: string;
  orderId: string;
  userId: string;
  /** Ticks: the new limit price. */
  price?: number;
  /** Lots: the new open (unfilled) quantity. */
  qty?: number;
  /** Conditional orders only: the new trigger price (ticks). */
  triggerPrice?: number;
  ts: number;
}

/** At most this many waiting conditional orders per user (they hold no margin). */
export const MAX_TRIGGERS_PER_USER = 100;
export const TRAILING_MIN_PPM = 1_000;
export const TRAILING_MAX_PPM = 100_000;

export interface PerpTrade {
  tradeId: string;
  symbol: string;
  price: number;
  qty: number;
  takerSide: 'buy' | 'sell';
  makerOrderId: string;
  takerOrderId: string;
  makerUserId: string;
  takerUserId: string;
  ts: number;
}

export type PerpEvent =
  | { type: 'perp.ledger'; entry: JournalEntry }
  | { type: 'perp.trade'; trade: PerpTrade }
  | {
      type: 'perp.accepted';
      symbol: string;
      orderId: string;
      userId: string;
      filledQty: number;
      restingQty: number;
    }
  | { type: 'perp.cancelled'; symbol: string; orderId: string; userId: string; reason: string }
  /** A conditional order placed, amended or triggered (its cancellation is a perp.cancelled). */
  | { type: 'perp.conditional'; status: 'placed' | 'amended' | 'triggered'; trigger: ContractTrigger }
  /** A resting order's new price / open quantity / hold after an amend. */
  | {
      type: 'perp.amended';
      symbol: string;
      orderId: string;
      userId: string;
      price: number;
      remaining: number;
    }
  /** What one fill did for one order: its fee and the PnL it realised (closes), quote units. */
  | {
      type: 'perp.fill';
      symbol: string;
      orderId: string;
      userId: string;
      qty: number;
      fee: bigint;
      realisedPnl: bigint;
    }
  | { type: 'perp.depth'; symbol: string; seq: number; deltas: PlaceAccepted['deltas'] }
  | { type: 'perp.position'; position: Position; closed: boolean }
  | { type: 'perp.mark'; symbol: string; indexPrice: bigint; markPrice: bigint }
  | {
      type: 'perp.liquidation';
      symbol: string;
      userId: string;
      mode: MarginMode;
      side: PositionSide;
      size: bigint;
      /** What the owner lost: the isolated margin, or the whole cross wallet. */
      collateralTaken: bigint;
      bankruptcyPrice: bigint;
      markPrice: bigint;
      /** The PnL this position realised by being taken over (its share of the loss, negative). */
      realisedPnl: bigint;
    }
  | { type: 'perp.adl'; symbol: string; userId: string; side: PositionSide; qty: bigint; price: bigint }
  | {
      type: 'perp.funding';
      symbol: string;
      ratePpm: bigint;
      fundingIndex: bigint;
      collected: bigint;
      paid: bigint;
      remainder: bigint;
    }
  | {
      type: 'perp.tpsl';
      symbol: string;
      userId: string;
      side: PositionSide;
      trigger: 'tp' | 'sl';
      markPrice: bigint;
      /** The market close it placed (an engine-made order: the server writes its row). */
      orderId: string;
      mode: MarginMode;
      qty: bigint;
    }
  /**
   * A loss beyond what its owner could pay: `insurancePaid` came from the fund; `adlQty` lots were
   * closed against the opposite side at the owner's bankruptcy price because the fund could not pay;
   * `socialised` is what nobody could pay (a hole: the invariant checker reports it).
   */
  | {
      type: 'perp.shortfall';
      ref: string;
      userId: string;
      mode: MarginMode;
      insurancePaid: bigint;
      adlQty: bigint;
      socialised: bigint;
    };

export interface PerpResult {
  code: ResultCode;
  events: PerpEvent[];
}

export const positionKey = (userId: string, symbol: string, mode: MarginMode, side: PositionSide): string =>
  `${userId}|${symbol}|${mode}|${side}`;

const actionSide = (a: ContractAction): 'buy' | 'sell' =>
  a === 'open_long' || a === 'close_short' ? 'buy' : 'sell';
const actionPositionSide = (a: ContractAction): PositionSide =>
  a === 'open_long' || a === 'close_long' ? 'long' : 'short';
const isOpen = (a: ContractAction): boolean => a === 'open_long' || a === 'open_short';
const max0 = (v: bigint): bigint => (v < 0n ? 0n : v);
const minB = (a: bigint, b: bigint): bigint => (a < b ? a : b);
const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export interface PerpSnapshot {
  books: [string, ReturnType<OrderBook['snapshot']>][];
  states: [string, Record<keyof MarketState, string>][];
  positions: (string | number)[][];
  orders: (string | number)[][];
  leverage: [string, number][];
  /** The counter behind engine-made ids (unwind and TP/SL orders, ADL refs); absent in old snapshots. */
  idSeq?: number;
  /** Waiting conditional orders (conditional.ts triggerRow), absent when none. */
  triggers?: (string | number)[][];
}

export class PerpEngine {
  readonly markets = new Map<string, PerpMarket>();
  private books = new Map<string, OrderBook>();
  private states = new Map<string, MarketState>();
  /** By positionKey. */
  private positions = new Map<string, Position>();
  /** Open contract orders (resting), by order id. */
  private orders = new Map<string, ContractOrder>();
  /** Waiting conditional orders by order id, in placement order (the order they fire in). */
  private triggers = new Map<string, ContractTrigger>();
  /** Lots filled by the last order placeInternal accepted (TP/SL back-off). */
  private lastFilled = 0;
  /** `${userId}|${symbol}` -> leverage chosen by the user. */
  private leverage = new Map<string, number>();
  /** Indexes by user (derived from positions and orders, rebuilt on restore in the same order). */
  private positionsByUser = new Map<string, Set<string>>();
  private ordersByUser = new Map<string, Set<string>>();
  private events: PerpEvent[] = [];
  /**
   * Engine-made ids (the fund's unwind orders, TP/SL closes, ADL refs) take the next number: unique
   * and replayable, where ids from the command's time repeated when two commands shared a
   * millisecond (and the server's trades primary key then stopped the exchange).
   */
  private idSeq = 0;
  /** Orders with fills being settled right now: not cancellable until their settlement is done. */
  private settling = new Set<string>();
  /** Set when a loss was passed to the fund as a position: ADL runs before the command ends. */
  private needDeleverage = false;
  /** The other side of the fill being settled (passToFund claws back what it opened). */
  private fillCounter: { userId: string; orderId: string } | undefined;
  /**
   * Fund positions that stand in for the trade counterparty of a loss passed to the fund: closed
   * against the position that trade opened, at the trade price, before any other ADL.
   */
  private clawbacks: {
    symbol: string;
    fundSide: PositionSide;
    userId: string;
    mode: MarginMode;
    side: PositionSide;
    qty: bigint;
    price: bigint;
  }[] = [];

  constructor(
    private readonly ledger: Ledger,
    private readonly bookFactory: BookFactory,
    markets: readonly PerpMarketConfig[],
  ) {
    for (const c of markets) {
      const m = resolvePerpMarket(c);
      this.markets.set(m.symbol, m);
      this.books.set(m.symbol, bookFactory.create());
      this.states.set(m.symbol, emptyState());
    }
  }

  private nextId(prefix: string): string {
    this.idSeq += 1;
    return `${prefix}:#${this.idSeq}`;
  }

  // ------------------------------------------------------------------------------------------
  // Indexes

  private addPosition(key: string, p: Position): void {
    this.positions.set(key, p);
    let set = this.positionsByUser.get(p.userId);
    if (set === undefined) {
      set = new Set();
      this.positionsByUser.set(p.userId, set);
    }
    set.add(key);
  }
  private removePosition(key: string, userId: string): void {
    this.positions.delete(key);
    const set = this.positionsByUser.get(userId);
    set?.delete(key);
    if (set?.size === 0) this.positionsByUser.delete(userId);
  }
  private addOrder(o: ContractOrder): void {
    this.orders.set(o.orderId, o);
    let set = this.ordersByUser.get(o.userId);
    if (set === undefined) {
      set = new Set();
      this.ordersByUser.set(o.userId, set);
    }
    set.add(o.orderId);
  }
  private removeOrder(o: ContractOrder): void {
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

  // ------------------------------------------------------------------------------------------
  // Reading

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

  /** The wallet that backs a user's cross positions: the insurance fund for the fund itself. */
  walletKey(userId: string, m: { quote: string }): string {
    return userId === INSURANCE_USER
      ? systemAccount('insurance', m.quote)
      : accountKey(userId, 'contract', m.quote);
  }
  isolatedKey(p: { userId: string; symbol: string; side: PositionSide }, m: { quote: string }): string {
    return accountKey(p.userId, `isolated:${p.symbol}:${p.side}`, m.quote);
  }

  /** The price positions are valued at: the mark, or the entry while no mark exists yet. */
  private valuationPrice(p: Position): bigint {
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
  private hedgedLiquidationPrice(p: Position, other: Position): bigint {
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

  // ------------------------------------------------------------------------------------------
  // Commands

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
    const holds = orders.map((o) => this.holdNeeded(m, o.price, o.remaining, leverage, o.lossTicks));
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

  /**
   * Operator: a market's fees and leverage list (ADR 154; checked by ExchangeEngine first).
   * Positions and users keep the leverage they have. An opening order's hold covers the taker
   * fee, so resting opening orders are held again at the new one, in order id order: a lower fee
   * gives back, a higher one freezes more, or cancels the order (reason `fee_change`) when the
   * owner's free collateral cannot cover it.
   */
  setMarketParams(
    symbol: string,
    p: { makerFeePpm: bigint; takerFeePpm: bigint; leverages: readonly number[]; defaultLeverage: number },
    ts: number,
  ): PerpResult {
    const old = this.markets.get(symbol);
    if (old === undefined) return fail(ResultCode.PERP_UNKNOWN_MARKET);
    const m: PerpMarket = { ...old, ...p, leverages: [...p.leverages] };
    this.markets.set(symbol, m);
    this.events = [];
    if (m.takerFeePpm === old.takerFeePpm) return this.done();
    const orders = [...this.orders.values()]
      .filter((o) => o.symbol === symbol && isOpen(o.action))
      .sort((a, b) => cmp(a.orderId, b.orderId));
    for (const o of orders) {
      const need = this.holdNeeded(m, o.price, o.remaining, o.leverage, o.lossTicks);
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
  private afterTrades(symbol: string, lastBefore: bigint | undefined, ts: number): void {
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
  private afterUserCommand(ts: number): void {
    if (!this.needDeleverage) return;
    this.needDeleverage = false;
    this.liquidate(ts);
  }

  /** Checks everything, then places and settles, appending to this.events; nothing changes on refusal. */
  private placeInternal(cmd: ContractPlace): ResultCode {
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
    if (isOpen(cmd.action)) {
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
        tierFor(m.resolvedTiers, this.exposure(cmd.userId, m, side) + holdPrice * qty * m.quotePerTickLot)
          .maxLeverage < leverage
      )
        return ResultCode.PERP_RISK_LIMIT_EXCEEDED;
      hold = this.holdNeeded(m, holdPrice, qty, leverage, lossTicks);
      if (this.freeCollateral(cmd.userId, m.quote) < hold) return ResultCode.PERP_INSUFFICIENT_MARGIN;
    } else {
      if (tp !== 0n || sl !== 0n) return ResultCode.PERP_INVALID_TPSL;
      const p = this.positions.get(positionKey(cmd.userId, cmd.symbol, cmd.mode, side));
      if (p === undefined) return ResultCode.PERP_NO_POSITION;
      if (this.reservedClose(p) + qty > p.size) return ResultCode.PERP_CLOSE_EXCEEDS_POSITION;
      // A market close trades no further than the position's bankruptcy price: beyond it the loss
      // is more than the owner holds (the liquidation engine takes over from there).
      if (cmd.type === 'market' && cmd.userId !== INSURANCE_USER) {
        const b = this.bankruptcyPriceOf(p);
        if (side === 'long' && b > BigInt(price)) price = Number(b);
        if (side === 'short' && b > 0n && b < BigInt(price)) price = Number(b);
      }
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
    if (isOpen(o.action)) {
      const mark = this.states.get(a.symbol)!.markPrice;
      if (a.price !== undefined) {
        holdPrice = side === 'short' && mark > price ? mark : price;
        lossTicks = mark > 0n ? max0(side === 'long' ? price - mark : mark - price) : 0n;
      }
      hold = this.holdNeeded(m, holdPrice, qty, o.leverage, lossTicks);
      const exposure =
        this.exposure(o.userId, m, side) -
        o.price * o.remaining * m.quotePerTickLot +
        holdPrice * qty * m.quotePerTickLot;
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
    };
    this.triggers.set(t.orderId, t);
    this.events = [{ type: 'perp.conditional', status: 'placed', trigger: { ...t } }];
    return this.done();
  }

  private dropTrigger(t: ContractTrigger, reason: string): void {
    this.triggers.delete(t.orderId);
    this.events.push({
      type: 'perp.cancelled',
      symbol: t.symbol,
      orderId: t.orderId,
      userId: t.userId,
      reason,
    });
  }

  /**
   * Fires every conditional order of a market whose price reached its trigger, in placement order,
   * each removed before it is placed (so it fires once: a refused or unfilled order is not retried);
   * orders they trade may reach further triggers on the last price, so it repeats until none fires.
   */
  private fireTriggers(m: PerpMarket, ts: number): void {
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

  /** Conditional closes of a position that is gone: nothing left for them to close. */
  private dropCloseTriggers(p: Position): void {
    if (this.triggers.size === 0) return;
    const action = p.side === 'long' ? 'close_long' : 'close_short';
    for (const t of [...this.triggers.values()]) {
      if (t.userId === p.userId && t.symbol === p.symbol && t.mode === p.mode && t.action === action)
        this.dropTrigger(t, 'position_closed');
    }
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

  setTpsl(
    userId: string,
    symbol: string,
    mode: MarginMode,
    side: PositionSide,
    tp: bigint,
    sl: bigint,
    by: TriggerBy = 'mark',
  ): PerpResult {
    if (!this.markets.has(symbol)) return fail(ResultCode.PERP_UNKNOWN_MARKET);
    const p = this.positions.get(positionKey(userId, symbol, mode, side));
    if (p === undefined) return fail(ResultCode.PERP_NO_POSITION);
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

  private closePositionInternal(
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
   * A new index price: updates the premium EMA and samples, the mark price, then fires TP/SL and
   * liquidates what falls below maintenance, in that order.
   */
  priceUpdate(symbol: string, indexPrice: bigint, ts: number): PerpResult {
    const m = this.markets.get(symbol);
    if (m === undefined) return fail(ResultCode.PERP_UNKNOWN_MARKET);
    if (indexPrice <= 0n) return fail(ResultCode.PERP_INVALID_PRICE);
    this.events = [];
    const s = this.states.get(symbol)!;
    const book = this.books.get(symbol)!;
    const bid = book.bestBid();
    const ask = book.bestAsk();
    // The impact mid is approximated by the top-of-book mid; a one-sided book adds no premium.
    const mid = bid !== undefined && ask !== undefined ? (BigInt(bid) + BigInt(ask)) / 2n : indexPrice;
    const sampleMicro = (mid - indexPrice) * PPM;
    s.premiumEmaMicro += (sampleMicro - s.premiumEmaMicro) / BigInt(m.markEmaPeriods);
    s.premiumSumPpm += premiumPpm(mid, indexPrice);
    s.premiumCount += 1n;
    s.indexPrice = indexPrice;
    const basis = indexPrice + s.premiumEmaMicro / PPM;
    s.markPrice = median3(
      indexPrice,
      basis > 0n ? basis : indexPrice,
      s.lastTradePrice > 0n ? s.lastTradePrice : indexPrice,
    );
    if (s.nextFundingTs === 0)
      s.nextFundingTs = (Math.floor(ts / m.fundingIntervalMs) + 1) * m.fundingIntervalMs;
    this.events.push({ type: 'perp.mark', symbol, indexPrice, markPrice: s.markPrice });
    this.triggerTpsl(m, ts);
    this.fireTriggers(m, ts);
    this.liquidate(ts);
    return this.done();
  }

  /** Liquidation check over every market (also run after each price update). */
  liquidationCheck(ts: number): PerpResult {
    this.events = [];
    this.liquidate(ts);
    return this.done();
  }

  /**
   * Settles funding for a market if its time has come: rate from the average premium since the last
   * funding, index += mark * rate, each position pays or receives size * index delta.
   */
  fundingTick(symbol: string, ts: number): PerpResult {
    const m = this.markets.get(symbol);
    if (m === undefined) return fail(ResultCode.PERP_UNKNOWN_MARKET);
    const s = this.states.get(symbol)!;
    if (s.nextFundingTs === 0 || ts < s.nextFundingTs || s.markPrice <= 0n)
      return { code: ResultCode.OK, events: [] };
    this.events = [];
    // One settlement per interval that has passed: a tick that comes late (a stalled feed, a
    // restart) settles each missed interval, the first with the sampled premium and the others with
    // no samples (premium 0, the interest rate alone), each followed by its liquidations.
    while (s.nextFundingTs <= ts) {
      const at = s.nextFundingTs;
      const premium = s.premiumCount > 0n ? s.premiumSumPpm / s.premiumCount : 0n;
      const rate = fundingRate(premium, m.interestPpm, m.premiumBandPpm, m.fundingCapPpm);
      s.lastFundingRatePpm = rate;
      s.fundingIndex += s.markPrice * rate;
      s.premiumSumPpm = 0n;
      s.premiumCount = 0n;
      s.nextFundingTs += m.fundingIntervalMs;
      this.settleFunding(m, s, `funding:${symbol}:${at}`, ts);
      this.events.push({
        type: 'perp.funding',
        symbol,
        ratePpm: rate,
        fundingIndex: s.fundingIndex,
        ...this.lastFunding,
      });
      this.liquidate(ts);
    }
    return this.done();
  }

  // ------------------------------------------------------------------------------------------
  // Internals

  private done(): PerpResult {
    const events = this.events;
    this.events = [];
    return { code: ResultCode.OK, events };
  }

  private post(type: EntryType, ref: string, ts: number, postings: Posting[]): void {
    const entry = this.ledger.mustPost(type, ref, ts, postings);
    if (entry.postings.length > 0) this.events.push({ type: 'perp.ledger', entry });
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

  /** A trigger already on the wrong side of the mark would fire at once: refused as a mistake. */
  private tpslProblem(side: PositionSide, tp: bigint, sl: bigint, mark: bigint): ResultCode {
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
   * Notional a user has or may get on one side of a market: positions in both margin modes at the
   * mark plus the open opening orders at their hold price. The risk tier applies to all of it.
   */
  private exposure(userId: string, m: PerpMarket, side: PositionSide): bigint {
    let n = 0n;
    for (const mode of ['cross', 'isolated'] as const) {
      const p = this.positions.get(positionKey(userId, m.symbol, mode, side));
      if (p !== undefined) n += this.notional(p);
    }
    const action = side === 'long' ? 'open_long' : 'open_short';
    for (const o of this.ordersOf(userId)) {
      if (o.symbol === m.symbol && o.action === action) n += o.price * o.remaining * m.quotePerTickLot;
    }
    return n;
  }

  private protectionPrice(m: PerpMarket, mark: bigint, side: 'buy' | 'sell'): bigint {
    const p =
      side === 'buy'
        ? divRound(mark * (PPM + m.marketProtectionPpm), PPM, 'floor')
        : divRound(mark * (PPM - m.marketProtectionPpm), PPM, 'ceil');
    return p < 1n ? 1n : p;
  }

  private reservedClose(p: Position): bigint {
    const action = p.side === 'long' ? 'close_long' : 'close_short';
    let q = 0n;
    for (const o of this.ordersOf(p.userId)) {
      if (o.symbol === p.symbol && o.mode === p.mode && o.action === action) q += o.remaining;
    }
    return q;
  }

  private cancelResting(o: ContractOrder, reason: string, ts: number): void {
    const r = this.books.get(o.symbol)!.cancel(o.orderId, o.userId);
    if (r.code !== 'ok')
      throw new Error(`perp ${o.symbol}: order ${o.orderId} open in settlement but not in book`);
    this.release(o.orderId, reason, ts);
    if (r.deltas.length > 0)
      this.events.push({ type: 'perp.depth', symbol: o.symbol, seq: r.seq, deltas: r.deltas });
  }

  private cancelCloseOrders(p: Position, ts: number): void {
    const action = p.side === 'long' ? 'close_long' : 'close_short';
    const book = this.books.get(p.symbol)!;
    const mine = this.ordersOf(p.userId).filter(
      (o) =>
        o.symbol === p.symbol &&
        o.mode === p.mode &&
        o.action === action &&
        // An order being settled right now stays until its fills are settled; one that has left the
        // book already is released by its own settlement.
        !this.settling.has(o.orderId) &&
        book.order(o.orderId) !== undefined,
    );
    for (const o of mine) this.cancelResting(o, 'position_changed', ts);
  }

  /** Gives back what an order still holds and forgets it. */
  private release(orderId: string, reason: string, ts: number): void {
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

  private afterMatch(m: PerpMarket, r: PlaceAccepted, ts: number): void {
    // Orders of this match stay until their fills are settled, even if a loss elsewhere in it has
    // to cancel the owner's other orders to free their holds.
    const settling = new Set<string>();
    for (const f of r.fills) settling.add(f.makerOrderId).add(f.takerOrderId);
    for (const c of r.cancelled) settling.add(c.orderId);
    for (const id of settling) this.settling.add(id);
    for (let i = 0; i < r.fills.length; i++) {
      const f = r.fills[i]!;
      this.settleFill(m, f, `${f.takerOrderId}:${i}`, ts);
    }
    for (const id of settling) this.settling.delete(id);
    for (const c of r.cancelled) this.release(c.orderId, c.reason, ts);
    for (const f of r.fills) if (f.makerRemaining === 0) this.release(f.makerOrderId, 'done', ts);
    if (r.deltas.length > 0)
      this.events.push({ type: 'perp.depth', symbol: m.symbol, seq: r.seq, deltas: r.deltas });
  }

  private settleFill(m: PerpMarket, f: Fill, tradeId: string, ts: number): void {
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

  private fillSide(m: PerpMarket, o: ContractOrder, f: Fill, feePpm: bigint, ref: string, ts: number): void {
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
    if (isOpen(o.action)) {
      // What stays frozen is exactly the hold of the unfilled rest at the order's price.
      const part = o.hold - this.holdNeeded(m, o.price, o.remaining - qty, o.leverage, o.lossTicks);
      o.hold -= part;
      o.remaining -= qty;
      // Release this part of the hold, take the fee, then (isolated) move the margin it needs.
      const avail = this.ledger.available(wallet) + part;
      const feePaid = minB(feeDue, avail);
      this.post('positionFee', ref, ts, [
        leg(wallet, 'frozen', -part),
        leg(wallet, 'available', part - feePaid),
        leg(systemAccount('fee', m.quote), 'available', feePaid),
      ]);
      let p = this.positions.get(key);
      if (p === undefined) {
        p = {
          userId: o.userId,
          symbol: o.symbol,
          mode: o.mode,
          side,
          size: 0n,
          cost: 0n,
          margin: 0n,
          leverage: o.leverage,
          fundingIndex: this.states.get(o.symbol)!.fundingIndex,
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
      }
      if (o.tp !== 0n || o.sl !== 0n) {
        p.tp = o.tp;
        p.sl = o.sl;
      }
      if (o.mode === 'isolated') {
        // The margin covers the open loss at the mark too, so the position starts with the equity
        // its leverage promises instead of below maintenance.
        const mark = this.states.get(o.symbol)!.markPrice;
        const openLoss =
          mark > 0n ? max0(side === 'long' ? price - mark : mark - price) * qty * m.quotePerTickLot : 0n;
        const margin = minB(initialMargin(notional, o.leverage) + openLoss, this.ledger.available(wallet));
        this.post('positionMargin', ref, ts, [
          leg(wallet, 'available', -margin),
          leg(this.isolatedKey(p, m), 'available', margin),
        ]);
        p.margin += margin;
      }
      p.size += qty;
      p.cost += price * qty;
      p.fees += feePaid;
      this.events.push({ type: 'perp.position', position: { ...p }, closed: false });
      this.events.push({
        type: 'perp.fill',
        symbol: o.symbol,
        orderId: o.orderId,
        userId: o.userId,
        qty: f.qty,
        fee: feePaid,
        realisedPnl: 0n,
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
  private closeAt(
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

  /** Depth of ADL closes in progress: their own shortfalls cannot be deleveraged again. */
  private adlDepth = 0;

  /**
   * Frees `need` in a user's cross wallet before a loss or a payment reaches anyone else: first
   * the holds of the user's open orders in that quote asset (cancelled, as a liquidation would),
   * then the unrealised profit of the user's other cross positions, realised at the mark (the cost
   * basis moves to the mark, the position stays open). Takes only what is needed.
   */
  private coverCross(userId: string, quote: string, need: bigint, except: Position | undefined, ts: number) {
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
  private realiseProfit(p: Position, amount: bigint, ts: number): void {
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

  /**
   * A close (a fill at `price`) whose loss is more than its owner has and than the insurance fund
   * holds. As in a liquidation, the owner loses exactly the collateral (the isolated margin, or the
   * whole cross wallet) and the fund takes the quantity over at the bankruptcy price; the trade in
   * the book becomes the fund's (a position on the other side at the trade price, so open interest
   * stays balanced). The fund's position from the owner is then auto-deleveraged at once against
   * the most profitable opposite positions at that bankruptcy price: the profit side, not the fund
   * and not a hole in the settlement account, carries the loss.
   */
  private passToFund(m: PerpMarket, p: Position, qty: bigint, price: bigint, ref: string, ts: number) {
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
  private clawBack(ts: number): void {
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
      this.events.push({
        type: 'perp.adl',
        symbol: c.symbol,
        userId: p.userId,
        side: p.side,
        qty: q,
        price: c.price,
      });
      const ref = this.nextId(`adl:${c.symbol}:${p.userId}:${p.mode}`);
      this.adlDepth++;
      try {
        this.closeAt(m, p, q, c.price, 0n, ref, ts);
        this.closeAt(m, fp, q, c.price, 0n, ref, ts, c.price * q);
      } finally {
        this.adlDepth--;
      }
    }
  }

  /** The fund's position on one side of a market, created empty when missing. */
  private fundPosition(symbol: string, side: PositionSide, ts: number): Position {
    const key = positionKey(INSURANCE_USER, symbol, 'cross', side);
    let fp = this.positions.get(key);
    if (fp === undefined) {
      fp = {
        userId: INSURANCE_USER,
        symbol,
        mode: 'cross',
        side,
        size: 0n,
        cost: 0n,
        margin: 0n,
        leverage: 1,
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
      this.addPosition(key, fp);
    }
    return fp;
  }

  /**
   * Whether closing all of `p` at `price` costs its owner no more than the position's collateral
   * (the isolated margin, or the available cross wallet): the ADL may cut a profit or take a loss
   * the position can pay, never create a new shortfall nobody can carry.
   */
  private adlCanTake(p: Position, price: bigint): boolean {
    const m = this.markets.get(p.symbol)!;
    const pnl = pnlTickLots(p.side, p.size, p.cost, price) * m.quotePerTickLot;
    if (pnl >= 0n) return true;
    const cover = p.mode === 'isolated' ? p.margin : this.ledger.available(this.walletKey(p.userId, m));
    // One tick-lot of slack for the rounding of a partial close's cost portion.
    return -pnl + m.quotePerTickLot <= cover;
  }

  /** True when one of the position's close orders is being settled in the current match. */
  private closeSettling(p: Position): boolean {
    if (this.settling.size === 0) return false;
    const action = p.side === 'long' ? 'close_long' : 'close_short';
    return this.ordersOf(p.userId).some(
      (o) =>
        this.settling.has(o.orderId) && o.symbol === p.symbol && o.mode === p.mode && o.action === action,
    );
  }

  /**
   * Closes a fund position against the opposite positions ranked by PnL% x effective leverage, at
   * the fund's average entry (the bankruptcy price of what it took over), without fees.
   */
  private adlFundPosition(m: PerpMarket, fp: Position, ts: number): void {
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
        this.events.push({ type: 'perp.adl', symbol, userId: p.userId, side: p.side, qty: q, price });
        const ref = this.nextId(`adl:${symbol}:${p.userId}:${p.mode}`);
        this.closeAt(m, p, q, price, 0n, ref, ts);
        this.closeAt(m, fp, q, price, 0n, ref, ts);
      }
    } finally {
      this.adlDepth--;
    }
  }

  private afterPositionChange(p: Position, ts: number): void {
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

  /**
   * Fires TP/SL on the mark: a market close of what the user's own close orders do not already
   * cover. Those orders stay, and the trigger stays armed until the position is gone: a close that
   * filled only in part (a thin book) fires again on the next price, so the rest is never left
   * without its stop.
   */
  private triggerTpsl(m: PerpMarket, ts: number, only?: TriggerBy): void {
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
      const code = this.placeInternal({
        orderId,
        userId: p.userId,
        symbol: p.symbol,
        action: p.side === 'long' ? 'close_long' : 'close_short',
        type: 'market',
        mode: p.mode,
        qty: Number(qty),
        ts,
      });
      if (code === ResultCode.OK && this.lastFilled > 0) {
        p.tpslMisses = 0;
        p.tpslWait = 0;
      } else {
        p.tpslMisses = Math.min(p.tpslMisses + 1, 6);
        p.tpslWait = 2 ** p.tpslMisses - 1;
      }
    }
  }

  /** Liquidates every position whose equity is below maintenance, then deleverages if needed. */
  private liquidate(ts: number): void {
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
    for (const p of isolated) this.takeOver([p], p.margin, ts);
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
        this.takeOver(mine, this.ledger.available(this.walletKey(userId, { quote })), ts);
      }
    }
    this.deleverage(ts);
  }

  /**
   * The insurance fund takes the positions over at their bankruptcy prices: the owner loses exactly
   * `collateral` (the isolated margin, or the whole cross wallet) and nothing more. The fund's
   * positions are then worth the owner's remaining equity at the mark (positive: the fund's gain).
   */
  private takeOver(list: Position[], collateral: bigint, ts: number): void {
    const first = list[0]!;
    const m0 = this.markets.get(first.symbol)!;
    const owner = first.userId;
    const ref = this.nextId(`liq:${owner}:${first.symbol}:${first.mode}:${first.side}`);
    for (const p of list) this.cancelCloseOrders(p, ts);
    const settlement = systemAccount('settlement', m0.quote);
    const source = first.mode === 'isolated' ? this.isolatedKey(first, m0) : this.walletKey(owner, m0);
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
        collateralTaken: i === 0 ? collateral : 0n,
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
   * Auto-deleveraging: while the insurance fund's equity (wallet + unrealised PnL of the positions it
   * holds) is negative, its losing positions are closed against the opposite positions ranked by
   * PnL% x effective leverage, at the fund's average entry (its bankruptcy price), so the fund books
   * no loss on them. Otherwise the fund unwinds its positions in the book, never below its entry.
   */
  private deleverage(ts: number): void {
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
  private unwindFund(m: PerpMarket, ts: number): void {
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

  private lastFunding = { collected: 0n, paid: 0n, remainder: 0n };

  private settleFunding(m: PerpMarket, s: MarketState, ref: string, ts: number): void {
    const payers: [Position, bigint][] = [];
    const receivers: [Position, bigint][] = [];
    const legs: Posting[] = [];
    let collected = 0n;
    for (const p of this.positions.values()) {
      if (p.symbol !== m.symbol) continue;
      const delta = s.fundingIndex - p.fundingIndex;
      p.fundingIndex = s.fundingIndex;
      if (delta === 0n) continue;
      // Longs pay a rising index, shorts a falling one.
      const pays = delta > 0n === (p.side === 'long');
      const abs = delta < 0n ? -delta : delta;
      if (pays) {
        const owed = fundingOwed(p.size, abs, m.k, 'ceil');
        const from = p.mode === 'isolated' ? this.isolatedKey(p, m) : this.walletKey(p.userId, m);
        // A cross payer pays from its order holds and its cross profit too before falling short.
        if (p.mode === 'cross' && p.userId !== INSURANCE_USER && this.ledger.available(from) < owed)
          this.coverCross(p.userId, m.quote, owed, undefined, ts);
        const have = p.mode === 'isolated' ? p.margin : max0(this.ledger.available(from));
        // A payer pays what it has; liquidation follows right after if that was not enough.
        const paid = minB(owed, have);
        if (paid > 0n) {
          legs.push(leg(from, 'available', -paid));
          if (p.mode === 'isolated') p.margin -= paid;
          p.funding -= paid;
          collected += paid;
        }
        payers.push([p, paid]);
      } else {
        receivers.push([p, fundingOwed(p.size, abs, m.k, 'floor')]);
      }
    }
    let due = 0n;
    for (const [, d] of receivers) due += d;
    let paid = 0n;
    for (const [p, d] of receivers) {
      const amount = due <= collected ? d : due > 0n ? (collected * d) / due : 0n;
      if (amount <= 0n) continue;
      const to = p.mode === 'isolated' ? this.isolatedKey(p, m) : this.walletKey(p.userId, m);
      legs.push(leg(to, 'available', amount));
      if (p.mode === 'isolated') p.margin += amount;
      p.funding += amount;
      paid += amount;
    }
    const remainder = collected - paid;
    if (remainder > 0n) legs.push(leg(systemAccount('funding', m.quote), 'available', remainder));
    if (legs.length > 0) this.post('system', ref, ts, legs);
    this.lastFunding = { collected, paid, remainder };
  }

  // ------------------------------------------------------------------------------------------
  // Snapshot

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
        ...(o.lossTicks !== 0n || o.tp !== 0n || o.sl !== 0n
          ? [String(o.lossTicks), String(o.tp), String(o.sl)]
          : []),
      ]),
      leverage: [...this.leverage.entries()],
      ...(this.idSeq !== 0 ? { idSeq: this.idSeq } : {}),
      ...(this.triggers.size > 0 ? { triggers: [...this.triggers.values()].map(triggerRow) } : {}),
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
      };
      this.addOrder(o);
    }
    this.leverage = new Map(s.leverage);
    this.idSeq = s.idSeq ?? 0;
    this.triggers = new Map((s.triggers ?? []).map((r) => triggerFromRow(r)).map((t) => [t.orderId, t]));
  }
}

function fail(code: ResultCode): PerpResult {
  return { code, events: [] };
}

function emptyState(): MarketState {
  return {
    indexPrice: 0n,
    markPrice: 0n,
    lastTradePrice: 0n,
    premiumEmaMicro: 0n,
    premiumSumPpm: 0n,
    premiumCount: 0n,
    fundingIndex: 0n,
    lastFundingRatePpm: 0n,
    nextFundingTs: 0,
  };
}

/** Quote units of one whole unit of the quote asset, for display helpers. */
export const quoteOne = (m: PerpMarket): bigint => pow10(m.quoteScale);
