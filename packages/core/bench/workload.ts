// Seeded exchange-style workloads. Generated once, untimed, with our own book as the oracle of which
// orders are still live (so cancels and amends mostly hit real orders), then replayed on every book.

import { FastOrderBook, type PlaceOrder } from '../src/book/index.ts';

export type Op =
  | { k: 'limit'; cmd: PlaceOrder }
  | { k: 'market'; cmd: PlaceOrder }
  | { k: 'cancel'; id: string }
  | { k: 'amend'; id: string; qty?: number; price?: number };

export interface Mix {
  /** New passive orders rest 1..band ticks from the mid (more often close). */
  band: number;
  passive: number;
  marketable: number;
  ioc: number;
  cancel: number;
  amend: number;
  market: number;
}

export const SCENARIOS: Record<string, Mix> = {
  mixed: { band: 50, passive: 40, marketable: 5, ioc: 10, cancel: 30, amend: 10, market: 5 },
  'limit-insert-heavy': { band: 50, passive: 75, marketable: 15, ioc: 0, cancel: 10, amend: 0, market: 0 },
  // Market makers quoting near the touch: ~1,000 orders on 10 levels a side, ~50 deep.
  'cancel-heavy': { band: 10, passive: 40, marketable: 0, ioc: 0, cancel: 60, amend: 0, market: 0 },
  // The same cancel-heavy mix over the wider 50-tick band of the other scenarios (~10 orders a level).
  'cancel-heavy-wide': { band: 50, passive: 40, marketable: 0, ioc: 0, cancel: 60, amend: 0, market: 0 },
  'market-sweep': { band: 50, passive: 85, marketable: 0, ioc: 0, cancel: 0, amend: 0, market: 15 },
};

/** mulberry32: a tiny, well-mixed, seeded PRNG (the bench must be reproducible). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const MID = 100_000;
export const TARGET_RESTING = 1_000;

export interface Workload {
  /** Untimed: builds the ~1,000 resting orders around the mid. */
  seed: Op[];
  /** Timed. */
  ops: Op[];
}

export function generate(mix: Mix, count: number, seed: number): Workload {
  const rand = rng(seed);
  const oracle = new FastOrderBook();
  const live: string[] = [];
  let next = 0;
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const user = () => `u${int(0, 99)}`;
  const side = () => (rand() < 0.5 ? ('buy' as const) : ('sell' as const));
  /** Passive prices cluster near the mid: 1..band ticks away, more often close. */
  const passivePrice = (s: 'buy' | 'sell') => {
    const off = 1 + Math.floor(rand() * rand() * mix.band);
    return s === 'buy' ? MID - off : MID + off;
  };
  const apply = (op: Op) => {
    switch (op.k) {
      case 'limit':
      case 'market': {
        const r = oracle.place(op.cmd);
        if (r.code === 'ok' && r.restingQty > 0) live.push(op.cmd.id);
        break;
      }
      case 'cancel':
        oracle.cancel(op.id);
        break;
      case 'amend': {
        const a: Parameters<FastOrderBook['amend']>[0] = { orderId: op.id, ts: 0 };
        if (op.qty !== undefined) a.qty = op.qty;
        if (op.price !== undefined) a.price = op.price;
        oracle.amend(a);
        break;
      }
    }
    return op;
  };
  /** A live order id, dropping ids that filled meanwhile. */
  const pickLive = (): string | undefined => {
    while (live.length > 0) {
      const i = int(0, live.length - 1);
      const id = live[i]!;
      if (oracle.order(id) !== undefined) return id;
      live[i] = live[live.length - 1]!;
      live.pop();
    }
    return undefined;
  };
  const limit = (s: 'buy' | 'sell', price: number, tif: 'GTC' | 'IOC'): Op => ({
    k: 'limit',
    cmd: {
      id: `o${next++}`,
      userId: user(),
      side: s,
      type: 'limit',
      price,
      qty: int(1, 20),
      tif,
      stp: 'none',
      ts: next,
    },
  });
  const passive = () => {
    const s = side();
    return limit(s, passivePrice(s), 'GTC');
  };

  const seedOps: Op[] = [];
  while (oracle.size() < TARGET_RESTING) seedOps.push(apply(passive()));

  const total = mix.passive + mix.marketable + mix.ioc + mix.cancel + mix.amend + mix.market;
  // Cumulative thresholds of the mix.
  const c = { passive: mix.passive, marketable: 0, ioc: 0, cancel: 0, amend: 0 };
  c.marketable = c.passive + mix.marketable;
  c.ioc = c.marketable + mix.ioc;
  c.cancel = c.ioc + mix.cancel;
  c.amend = c.cancel + mix.amend;
  const ops: Op[] = [];
  while (ops.length < count) {
    const r = rand() * total;
    const size = oracle.size();
    let op: Op | undefined;
    if (r < c.passive) {
      // Keep the book near its target size: past it, a new order becomes a cancel.
      if (size > TARGET_RESTING * 1.1) {
        const id = pickLive();
        if (id !== undefined) op = { k: 'cancel', id };
      } else {
        op = passive();
      }
    } else if (r < c.marketable) {
      const s = side();
      op = limit(s, s === 'buy' ? MID + int(0, 3) : MID - int(0, 3), 'GTC');
    } else if (r < c.ioc) {
      const s = side();
      op = limit(s, s === 'buy' ? MID + int(0, 5) : MID - int(0, 5), 'IOC');
    } else if (r < c.cancel) {
      const id = size < TARGET_RESTING * 0.9 ? undefined : pickLive();
      op = id === undefined ? passive() : { k: 'cancel', id };
    } else if (r < c.amend) {
      const id = pickLive();
      const o = id === undefined ? undefined : oracle.order(id);
      if (o !== undefined) {
        // Half reduce quantity (keeps priority), half move to another passive price (loses it).
        if (o.qty > 1 && rand() < 0.5) op = { k: 'amend', id: o.id, qty: int(1, o.qty - 1) };
        else {
          // Amends never cross (ours refuses that; the peer would trade): skip the rare one that would.
          const price = passivePrice(o.side);
          const bid = oracle.bestBid();
          const ask = oracle.bestAsk();
          const crosses =
            o.side === 'buy' ? ask !== undefined && price >= ask : bid !== undefined && price <= bid;
          if (!crosses) op = { k: 'amend', id: o.id, price };
        }
      }
    } else if (size < TARGET_RESTING * 0.5) {
      op = passive();
    } else {
      op = {
        k: 'market',
        cmd: {
          id: `o${next++}`,
          userId: user(),
          side: side(),
          type: 'market',
          qty: int(20, 120),
          stp: 'none',
          ts: next,
        },
      };
    }
    if (op !== undefined) ops.push(apply(op));
  }
  return { seed: seedOps, ops };
}
