// Pieces both book implementations share, so that they refuse the same commands in the same order
// and hash the same state to the same string.

import {
  BOOK_LIMITS,
  type BookSnapshot,
  type Cancelled,
  type CancelReason,
  type DepthDelta,
  type PlaceOrder,
  type RejectCode,
  type SelfTradePrevention,
  type Side,
  type TimeInForce,
} from './types.ts';

export const EMPTY: readonly never[] = Object.freeze([]) as readonly never[];

export const isLots = (n: unknown): n is number =>
  typeof n === 'number' && Number.isSafeInteger(n) && n > 0 && n <= BOOK_LIMITS.maxLots;
export const isTicks = (n: unknown): n is number =>
  typeof n === 'number' && Number.isSafeInteger(n) && n > 0 && n <= BOOK_LIMITS.maxTicks;

export function defaultTif(cmd: PlaceOrder): TimeInForce {
  return cmd.tif ?? (cmd.type === 'limit' ? 'GTC' : 'IOC');
}
export function defaultStp(cmd: PlaceOrder): SelfTradePrevention {
  return cmd.stp ?? 'cancel_newest';
}

/**
 * Every precondition of place(), checked in a fixed order; `book` answers the two questions that
 * need its state. Returns undefined when the order is acceptable.
 */
export function validatePlace(
  cmd: PlaceOrder,
  book: { hasOrder(id: string): boolean; levelTotal(side: Side, price: number): number },
): RejectCode | undefined {
  if (typeof cmd.id !== 'string' || cmd.id.length === 0) return 'invalid_order_id';
  if (book.hasOrder(cmd.id)) return 'duplicate_order_id';
  if (cmd.side !== 'buy' && cmd.side !== 'sell') return 'invalid_side';
  const tif = defaultTif(cmd);
  if (tif !== 'GTC' && tif !== 'IOC' && tif !== 'FOK' && tif !== 'POST_ONLY') return 'invalid_tif';
  const stp = defaultStp(cmd);
  if (stp !== 'none' && stp !== 'cancel_newest' && stp !== 'cancel_oldest' && stp !== 'cancel_both')
    return 'invalid_stp';
  if (cmd.type === 'limit') {
    if (!isTicks(cmd.price)) return 'invalid_price';
    if (!isLots(cmd.qty)) return 'invalid_qty';
    if (cmd.quoteQty !== undefined) return 'invalid_quote_qty';
    if (cmd.protectionPrice !== undefined) return 'invalid_protection_price';
    if (book.levelTotal(cmd.side, cmd.price) + cmd.qty > Number.MAX_SAFE_INTEGER) return 'level_overflow';
    return undefined;
  }
  if (cmd.type === 'market') {
    if (cmd.price !== undefined) return 'invalid_price';
    if (cmd.quoteQty !== undefined) {
      if (cmd.qty !== undefined) return 'invalid_qty';
      if (typeof cmd.quoteQty !== 'bigint' || cmd.quoteQty <= 0n) return 'invalid_quote_qty';
      if (tif !== 'IOC') return 'invalid_tif';
    } else {
      if (!isLots(cmd.qty)) return 'invalid_qty';
      if (tif !== 'IOC' && tif !== 'FOK') return 'invalid_tif';
    }
    if (cmd.protectionPrice !== undefined && !isTicks(cmd.protectionPrice)) return 'invalid_protection_price';
    return undefined;
  }
  return 'invalid_type';
}

export function takerCancelled(
  cmd: PlaceOrder,
  qty: number,
  quoteQty: bigint | undefined,
  reason: CancelReason,
): Cancelled {
  const c: Cancelled = {
    orderId: cmd.id,
    userId: cmd.userId,
    side: cmd.side,
    price: cmd.price ?? 0,
    qty,
    reason,
    wasResting: false,
  };
  if (quoteQty !== undefined) c.quoteQty = quoteQty;
  return c;
}

/**
 * FNV-1a over UTF-16 code units in two 32-bit lanes with different offsets: cheap, pure, stable.
 * Not cryptographic; it detects divergence between replicas and implementations.
 */
export function hashString(s: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x01000193) ^ (h2 >>> 15);
  }
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}

export function snapshotHash(s: BookSnapshot): string {
  return hashString(JSON.stringify(s));
}

export function checkSnapshot(s: BookSnapshot): void {
  if (s.version !== 1) throw new Error(`unsupported book snapshot version ${String(s.version)}`);
}

/** Collapses touched levels to one delta each, in order of first touch. Used by the naive book. */
export class TouchedLevels {
  private readonly keys: string[] = [];
  private readonly levels: { side: Side; price: number }[] = [];
  touch(side: Side, price: number): void {
    const key = side === 'buy' ? `b${price}` : `s${price}`;
    if (this.keys.includes(key)) return;
    this.keys.push(key);
    this.levels.push({ side, price });
  }
  deltas(total: (side: Side, price: number) => number): DepthDelta[] {
    return this.levels.map(({ side, price }) => ({ side, price, qty: total(side, price) }));
  }
  get size(): number {
    return this.levels.length;
  }
}
