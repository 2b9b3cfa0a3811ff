// Conditional contract orders (stop-market, stop-limit, take-profit, trailing stop, partial TP/SL):
// they wait outside the book, hold nothing, and become an ordinary contract order when the price
// they watch (the mark, or the last trade) reaches their trigger. Replaces the book's TriggerStore
// for perpetuals because a contract trigger also carries the action, margin mode, time in force,
// self-trade prevention and the trailing state (ADR 136). Pure helpers; PerpEngine owns the map.

import type { SelfTradePrevention, TimeInForce } from '../book/types.ts';
import { divRound } from '../money.ts';
import { PPM } from './math.ts';

export type TriggerBy = 'mark' | 'last';
/** 'gte': fires when the price rises to the trigger; 'lte': when it falls to it. */
export type ContractTriggerCondition = 'gte' | 'lte';

export interface ContractTrigger {
  /** The id of the order it becomes (one id from placement to the last fill). */
  orderId: string;
  userId: string;
  symbol: string;
  action: 'open_long' | 'open_short' | 'close_long' | 'close_short';
  mode: 'cross' | 'isolated';
  /** What is placed when it fires: a market order, or a limit order at `price`. */
  orderType: 'limit' | 'market';
  /** Ticks of the limit order; 0 for market. */
  price: number;
  /** Lots. */
  qty: number;
  tif: TimeInForce | undefined;
  stp: SelfTradePrevention | undefined;
  /** Ticks; for a trailing stop the current trigger, moved by `extreme`. */
  triggerPrice: bigint;
  condition: ContractTriggerCondition;
  by: TriggerBy;
  /** Trailing stop: the callback rate (ppm of the extreme); 0 = not trailing. */
  trailingPpm: bigint;
  /** Trailing stop: the best price seen since placement (highest for a sell, lowest for a buy). */
  extreme: bigint;
  ts: number;
  /**
   * Stop-limit: the market's price band (ppm of the index) the limit must still be inside when the
   * order fires, or it is cancelled (`price_out_of_band`, ADR 181); 0 = not checked.
   */
  bandPpm: bigint;
}

export const isBuyAction = (a: ContractTrigger['action']): boolean =>
  a === 'open_long' || a === 'close_short';

/** The trailing trigger for an extreme: a sell stop trails below the high, a buy stop above the low. */
export function trailingTrigger(buy: boolean, extreme: bigint, ppm: bigint): bigint {
  const t = buy
    ? divRound(extreme * (PPM + ppm), PPM, 'ceil')
    : divRound(extreme * (PPM - ppm), PPM, 'floor');
  return t < 1n ? 1n : t;
}

/**
 * Moves a trailing stop with a new price (the extreme only improves) and tells whether the trigger
 * is reached at that price.
 */
export function observe(t: ContractTrigger, price: bigint): boolean {
  if (price <= 0n) return false;
  if (t.trailingPpm > 0n) {
    const buy = isBuyAction(t.action);
    if (buy ? price < t.extreme : price > t.extreme) {
      t.extreme = price;
      t.triggerPrice = trailingTrigger(buy, price, t.trailingPpm);
    }
  }
  return t.condition === 'gte' ? price >= t.triggerPrice : price <= t.triggerPrice;
}

export function triggerRow(t: ContractTrigger): (string | number)[] {
  return [
    t.orderId,
    t.userId,
    t.symbol,
    t.action,
    t.mode,
    t.orderType,
    t.price,
    t.qty,
    t.tif ?? '',
    t.stp ?? '',
    String(t.triggerPrice),
    t.condition,
    t.by,
    String(t.trailingPpm),
    String(t.extreme),
    t.ts,
    // Written only when set, so snapshots without it keep their text and hash.
    ...(t.bandPpm !== 0n ? [String(t.bandPpm)] : []),
  ];
}

/** The limit prices [low, high] in ticks a band allows around the index, rounded inward. */
export function bandAround(index: bigint, bandPpm: bigint): { low: bigint; high: bigint } {
  const low = divRound(index * (PPM - bandPpm), PPM, 'ceil');
  return { low: low < 1n ? 1n : low, high: divRound(index * (PPM + bandPpm), PPM, 'floor') };
}

export function triggerFromRow(r: (string | number)[]): ContractTrigger {
  return {
    orderId: String(r[0]),
    userId: String(r[1]),
    symbol: String(r[2]),
    action: r[3] as ContractTrigger['action'],
    mode: r[4] as ContractTrigger['mode'],
    orderType: r[5] as ContractTrigger['orderType'],
    price: Number(r[6]),
    qty: Number(r[7]),
    tif: r[8] === '' ? undefined : (r[8] as TimeInForce),
    stp: r[9] === '' ? undefined : (r[9] as SelfTradePrevention),
    triggerPrice: BigInt(r[10]!),
    condition: r[11] as ContractTriggerCondition,
    by: r[12] as TriggerBy,
    trailingPpm: BigInt(r[13]!),
    extreme: BigInt(r[14]!),
    ts: Number(r[15]),
    bandPpm: BigInt(r[16] ?? 0),
  };
}
