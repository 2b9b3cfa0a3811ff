// Stop and take-profit orders wait here, outside the book, until a price (last trade or mark, the
// caller decides which) reaches their trigger price; then they are handed back as ordinary orders.

import { hashString } from './common.ts';
import type { PlaceOrder, Side } from './types.ts';

/** 'gte': fires when price >= triggerPrice (rising); 'lte': when price <= triggerPrice (falling). */
export type TriggerCondition = 'gte' | 'lte';
export type TriggerKind = 'stop' | 'take_profit';

/** A stop buys on the way up and sells on the way down; a take-profit the opposite. */
export function triggerCondition(kind: TriggerKind, side: Side): TriggerCondition {
  if (kind === 'stop') return side === 'buy' ? 'gte' : 'lte';
  return side === 'buy' ? 'lte' : 'gte';
}

export interface Trigger {
  id: string;
  userId: string;
  /** Ticks. */
  triggerPrice: number;
  condition: TriggerCondition;
  /** Placed in the book, as is, when the trigger fires. */
  order: PlaceOrder;
}

export type TriggerAddResult =
  | { code: 'ok' }
  | { code: 'duplicate_trigger_id' | 'invalid_trigger_price' | 'invalid_condition' };

interface Entry {
  t: Trigger;
  seq: number;
}

export interface TriggerSnapshot {
  version: 1;
  nextSeq: number;
  /** [seq, trigger] in seq order */
  triggers: [number, Trigger][];
}

/**
 * Two arrays sorted so that the next trigger to fire is at the end: `gte` by price descending,
 * `lte` by price ascending (ties: later seq first). onPrice pops from the ends: O(fired).
 */
export class TriggerStore {
  private gte: Entry[] = [];
  private lte: Entry[] = [];
  private byId = new Map<string, Entry>();
  private nextSeq = 1;

  add(t: Trigger): TriggerAddResult {
    if (this.byId.has(t.id)) return { code: 'duplicate_trigger_id' };
    if (!Number.isSafeInteger(t.triggerPrice) || t.triggerPrice <= 0)
      return { code: 'invalid_trigger_price' };
    if (t.condition !== 'gte' && t.condition !== 'lte') return { code: 'invalid_condition' };
    this.insert({ t, seq: this.nextSeq++ });
    return { code: 'ok' };
  }

  private insert(e: Entry): void {
    const arr = e.t.condition === 'gte' ? this.gte : this.lte;
    // Position so that the array is sorted with the next to fire last.
    const before = (x: Entry) =>
      e.t.condition === 'gte'
        ? x.t.triggerPrice > e.t.triggerPrice || (x.t.triggerPrice === e.t.triggerPrice && x.seq > e.seq)
        : x.t.triggerPrice < e.t.triggerPrice || (x.t.triggerPrice === e.t.triggerPrice && x.seq > e.seq);
    let lo = 0;
    let hi = arr.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(arr[mid]!)) lo = mid + 1;
      else hi = mid;
    }
    arr.splice(lo, 0, e);
    this.byId.set(e.t.id, e);
  }

  cancel(id: string, userId?: string): Trigger | undefined {
    const e = this.byId.get(id);
    if (e === undefined || (userId !== undefined && e.t.userId !== userId)) return undefined;
    const arr = e.t.condition === 'gte' ? this.gte : this.lte;
    arr.splice(arr.indexOf(e), 1);
    this.byId.delete(id);
    return e.t;
  }

  cancelAll(userId: string): Trigger[] {
    const mine = [...this.byId.values()].filter((e) => e.t.userId === userId).sort((a, b) => a.seq - b.seq);
    for (const e of mine) this.cancel(e.t.id);
    return mine.map((e) => e.t);
  }

  get(id: string): Trigger | undefined {
    return this.byId.get(id)?.t;
  }

  size(): number {
    return this.byId.size;
  }

  /**
   * Removes and returns the orders of every trigger the price reaches, in the order the triggers
   * were added (time priority among everything that fires at once).
   */
  onPrice(price: number): PlaceOrder[] {
    const fired: Entry[] = [];
    while (this.gte.length > 0 && price >= this.gte[this.gte.length - 1]!.t.triggerPrice)
      fired.push(this.gte.pop()!);
    while (this.lte.length > 0 && price <= this.lte[this.lte.length - 1]!.t.triggerPrice)
      fired.push(this.lte.pop()!);
    if (fired.length === 0) return [];
    fired.sort((a, b) => a.seq - b.seq);
    for (const e of fired) this.byId.delete(e.t.id);
    return fired.map((e) => e.t.order);
  }

  snapshot(): TriggerSnapshot {
    const all = [...this.byId.values()].sort((a, b) => a.seq - b.seq);
    return { version: 1, nextSeq: this.nextSeq, triggers: all.map((e) => [e.seq, e.t]) };
  }

  static restore(s: TriggerSnapshot): TriggerStore {
    if (s.version !== 1) throw new Error(`unsupported trigger snapshot version ${String(s.version)}`);
    const store = new TriggerStore();
    store.nextSeq = s.nextSeq;
    for (const [seq, t] of s.triggers) store.insert({ seq, t });
    return store;
  }

  stateHash(): string {
    return hashString(JSON.stringify(this.snapshot(), (_k, v) => (typeof v === 'bigint' ? `${v}n` : v)));
  }
}
