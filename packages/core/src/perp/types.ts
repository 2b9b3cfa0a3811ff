// The perpetual engine's types, constants and market resolution (formulas: math.ts; docs/perpetuals.md).

import type { OrderBook, PlaceAccepted, SelfTradePrevention, TimeInForce } from '../book/types.ts';
import type { ResultCode } from '../ledger/result-code.ts';
import type { JournalEntry } from '../ledger/types.ts';
import { type MarketScales, pow10 } from '../money.ts';
import type { ContractTrigger, TriggerBy } from './conditional.ts';
import {
  type MarginTier,
  type PositionSide,
  PPM,
  type QuoteUnit,
  quoteUnit,
  type ResolvedTier,
  resolveTiers,
} from './math.ts';

export const INSURANCE_USER = '@insurance';
export const EIGHT_HOURS_MS = 8 * 60 * 60 * 1000;

export type MarginMode = 'cross' | 'isolated';
export type ContractAction = 'open_long' | 'open_short' | 'close_long' | 'close_short';
/**
 * Hedge mode (the default): a long and a short may coexist per symbol and margin mode, each order
 * says which it opens or closes. One-way mode (ADR 180): one net position per symbol and margin
 * mode; `open_long` is a buy and `open_short` a sell that first reduce the opposite position and
 * open with the rest, `close_short` / `close_long` are reduce-only buys / sells.
 */
export type PositionMode = 'hedge' | 'one_way';

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
  /**
   * Liquidation clearance fee (ADR 182), ppm of the liquidated notional at the mark, paid to the
   * insurance fund out of the remaining equity (never more); the owner keeps the rest. The default,
   * 1,000,000 (100%), gives the fund the whole remaining equity, the rule before the fee existed.
   */
  liquidationFeePpm?: bigint;
  /**
   * Impact margin (ADR 195), quote units (Binance: 200 USDT): when set, the funding premium samples
   * the impact bid and ask (the average fill of this margin x the first tier's maximum leverage on
   * each side of the book), time-weighted over the interval. 0 (the default): the top-of-book mid,
   * one sample one weight, the rule before.
   */
  impactMarginQuote?: bigint;
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
    liquidationFeePpm: PPM,
    impactMarginQuote: 0n,
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
  /**
   * One-way mode: lots of `remaining` reserved to close the opposite position (fills close it
   * first); the hold covers only `remaining - reduce`, the part that can open. 0 in hedge mode.
   */
  reduce: bigint;
}

export interface MarketState {
  indexPrice: bigint;
  markPrice: bigint;
  lastTradePrice: bigint;
  /** EMA of (book mid - index), in ticks * 10^6. */
  premiumEmaMicro: bigint;
  /**
   * Premium samples (ppm) since the last funding, for the premium index: their sum and count, or
   * with impact prices (ADR 195) the sum of sample x weight (ms) and the sum of the weights, so
   * `premiumSumPpm / premiumCount` is the average either way.
   */
  premiumSumPpm: bigint;
  premiumCount: bigint;
  /**
   * With impact prices (ADR 195): the time (ms) of the last premium sample, which weighs the next
   * one. Absent otherwise, so snapshots of markets without it keep their text and hash.
   */
  premiumLastTs?: number;
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
  /**
   * Stop-limit only: the market's price band (ppm of the index, 1 ... 999,999) checked again when
   * the order fires (ADR 181). The server's sequencer step puts its band here.
   */
  bandPpm?: number;
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
  /** A user's position mode changed (ADR 180). */
  | { type: 'perp.positionMode'; userId: string; mode: PositionMode }
  | { type: 'perp.position'; position: Position; closed: boolean }
  | { type: 'perp.mark'; symbol: string; indexPrice: bigint; markPrice: bigint }
  | {
      type: 'perp.liquidation';
      symbol: string;
      userId: string;
      mode: MarginMode;
      side: PositionSide;
      size: bigint;
      /** What the owner lost: the isolated margin, or the whole cross wallet (less what it keeps, ADR 182). */
      collateralTaken: bigint;
      /** The clearance fee paid to the insurance fund (ADR 182); absent under the default rule. */
      clearanceFee?: bigint;
      bankruptcyPrice: bigint;
      markPrice: bigint;
      /** The PnL this position realised by being taken over (its share of the loss, negative). */
      realisedPnl: bigint;
    }
  | {
      type: 'perp.adl';
      symbol: string;
      userId: string;
      side: PositionSide;
      qty: bigint;
      price: bigint;
      /**
       * The PnL the counterparty's position realised by this close at `price`, quote units: what
       * its `realisedPnl` grew by, the same integer as the close's ledger entry (perp.fill's rule).
       */
      realisedPnl: bigint;
    }
  /**
   * A tiered (partial) liquidation step (ADR 194): `qty` lots of a position above the first margin
   * tier were taken off so what remains falls into tier `toTier` (0-based) at the mark; `filled` of
   * them traded in the book through the engine-made market close `orderId` (its fills are ordinary
   * trades), the other `toFund` lots were taken over by the insurance fund at the mark. The
   * clearance fee (ADR 182) on the reduced notional at the mark went to the fund.
   */
  | {
      type: 'perp.tierReduction';
      symbol: string;
      userId: string;
      mode: MarginMode;
      side: PositionSide;
      qty: bigint;
      filled: bigint;
      toFund: bigint;
      orderId: string;
      fromTier: number;
      toTier: number;
      markPrice: bigint;
      clearanceFee: bigint;
      /** PnL realised by the lots the fund took over (at the mark). */
      realisedPnl: bigint;
    }
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
  /** Users in one-way position mode (ADR 180); absent when none, so older hashes stay the same. */
  oneWay?: string[];
}

/** Quote units of one whole unit of the quote asset, for display helpers. */
export const quoteOne = (m: PerpMarket): bigint => pow10(m.quoteScale);
