// Long random command sequences through both books: same results, same state hash, invariants after
// every step, and snapshot/restore mid-sequence replays to the same hash.

import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  FastOrderBook,
  NaiveOrderBook,
  type OrderBook,
  type PlaceOrder,
  type SelfTradePrevention,
  type TimeInForce,
} from '../src/book/index.ts';

type Cmd =
  | { k: 'place'; o: Omit<PlaceOrder, 'id' | 'ts'>; dupOf?: number }
  | { k: 'cancel'; ref: number; user?: string }
  | { k: 'cancelAll'; user: string }
  | { k: 'amend'; ref: number; qty?: number; price?: number; user?: string };

const users = ['u1', 'u2', 'u3', 'u4'];
const user = fc.constantFrom(...users);
const side = fc.constantFrom('buy' as const, 'sell' as const);
const qty = fc.integer({ min: 1, max: 20 });
const stp = fc.constantFrom<SelfTradePrevention>('none', 'cancel_newest', 'cancel_oldest', 'cancel_both');

/** The command mix over prices drawn from `price`. */
function makeCmdArb(price: fc.Arbitrary<number>): fc.Arbitrary<Cmd> {
  const limitArb = fc.record({
    userId: user,
    side,
    type: fc.constant('limit' as const),
    price,
    qty,
    tif: fc.constantFrom<TimeInForce>('GTC', 'GTC', 'GTC', 'IOC', 'FOK', 'POST_ONLY'),
    stp,
  });
  const marketArb = fc.record(
    {
      userId: user,
      side,
      type: fc.constant('market' as const),
      qty: fc.integer({ min: 1, max: 60 }),
      tif: fc.constantFrom<TimeInForce>('IOC', 'FOK'),
      stp,
      protectionPrice: price,
    },
    { requiredKeys: ['userId', 'side', 'type', 'qty', 'tif', 'stp'] },
  );
  const quoteArb = fc.record(
    {
      userId: user,
      side,
      type: fc.constant('market' as const),
      quoteQty: fc.bigInt({ min: 1n, max: 5000n }),
      stp,
      protectionPrice: price,
    },
    { requiredKeys: ['userId', 'side', 'type', 'quoteQty', 'stp'] },
  );
  const badArb = fc.record({
    userId: user,
    side,
    type: fc.constant('limit' as const),
    price: fc.constantFrom(0, -1, 1.5),
    qty,
  });

  return fc.oneof(
    { weight: 10, arbitrary: limitArb.map((o) => ({ k: 'place' as const, o })) },
    { weight: 2, arbitrary: marketArb.map((o) => ({ k: 'place' as const, o })) },
    { weight: 1, arbitrary: quoteArb.map((o) => ({ k: 'place' as const, o })) },
    { weight: 1, arbitrary: badArb.map((o) => ({ k: 'place' as const, o })) },
    {
      weight: 1,
      arbitrary: fc.tuple(limitArb, fc.nat()).map(([o, dupOf]) => ({ k: 'place' as const, o, dupOf })),
    },
    {
      weight: 4,
      arbitrary: fc.record(
        { k: fc.constant('cancel' as const), ref: fc.nat(), user: user },
        { requiredKeys: ['k', 'ref'] },
      ),
    },
    { weight: 1, arbitrary: fc.record({ k: fc.constant('cancelAll' as const), user }) },
    {
      weight: 3,
      arbitrary: fc.record(
        {
          k: fc.constant('amend' as const),
          ref: fc.nat(),
          qty: fc.integer({ min: 0, max: 25 }),
          price,
          user,
        },
        { requiredKeys: ['k', 'ref'] },
      ),
    },
  );
}

/** A narrow band: deep levels, many crosses. */
const cmdArb = makeCmdArb(fc.integer({ min: 90, max: 110 }));
/**
 * Prices far apart as well as close together, so the fast book's price window (4,096 ticks) is
 * left, re-centred and refilled, and its Map fallback is compared with the naive book too.
 */
const wideCmdArb = makeCmdArb(
  fc.oneof(
    fc.integer({ min: 90, max: 110 }),
    fc.integer({ min: 1, max: 50_000 }),
    fc.constantFrom(1, 4_095, 4_096, 4_097, 8_192, 20_000, 49_999),
  ),
);

/** Mostly one of the last 40 ids, so cancels and amends usually hit live orders. */
const refId = (ref: number, i: number) => `o${Math.max(0, i - 1 - (ref % 40))}`;

/** Applies command `i` of a sequence; returns the result for comparison. */
function apply(b: OrderBook, c: Cmd, i: number): unknown {
  const ts = 1000 + i;
  switch (c.k) {
    case 'place': {
      const id = c.dupOf !== undefined && i > 0 ? `o${c.dupOf % i}` : `o${i}`;
      return b.place({ ...c.o, id, ts } as PlaceOrder);
    }
    case 'cancel':
      return b.cancel(refId(c.ref, i), c.user);
    case 'cancelAll':
      return b.cancelAll(c.user);
    case 'amend': {
      const cmd: Parameters<OrderBook['amend']>[0] = { orderId: refId(c.ref, i), ts };
      if (c.qty !== undefined) cmd.qty = c.qty;
      if (c.price !== undefined) cmd.price = c.price;
      if (c.user !== undefined) cmd.userId = c.user;
      return b.amend(cmd);
    }
  }
}

function checkNaiveInvariants(b: OrderBook): void {
  const d = b.depth(1_000_000);
  const s = b.snapshot();
  const bb = b.bestBid();
  const ba = b.bestAsk();
  if (bb !== undefined && ba !== undefined) expect(bb).toBeLessThan(ba);
  for (const [side, orders, levels] of [
    ['bids', s.bids, d.bids],
    ['asks', s.asks, d.asks],
  ] as const) {
    const sums = new Map<number, number>();
    for (const o of orders) {
      expect(o[3], `${side}: no order with qty <= 0 rests`).toBeGreaterThan(0);
      sums.set(o[2], (sums.get(o[2]) ?? 0) + o[3]);
    }
    expect(levels).toEqual([...sums.entries()]);
  }
}

const stats = new Map<string, number>();
function tally(r: unknown): void {
  const x = r as {
    code: string;
    fills?: unknown[];
    cancelled?: { reason: string }[] | { reason: string };
    restingQty?: number;
  };
  const add = (k: string) => stats.set(k, (stats.get(k) ?? 0) + 1);
  add(`code:${x.code}`);
  if (x.fills?.length) add('fills');
  if (x.restingQty) add('rested');
  for (const c of [x.cancelled ?? []].flat()) add(`cancel:${c.reason}`);
}
afterAll(() => {
  if (process.env.BOOK_STATS) console.log(JSON.stringify([...stats.entries()]));
});

function run(cmds: Cmd[], split: number) {
  const naive = new NaiveOrderBook();
  const fast = new FastOrderBook();
  let snapNaive: NaiveOrderBook | undefined;
  let snapFast: FastOrderBook | undefined;
  // A client following depth by deltas must end with the book's depth.
  const mirror = new Map<string, number>();
  cmds.forEach((c, i) => {
    if (i === split) {
      const snap = JSON.parse(JSON.stringify(fast.snapshot()));
      expect(snap).toEqual(naive.snapshot());
      snapNaive = NaiveOrderBook.restore(snap);
      snapFast = FastOrderBook.restore(snap);
    }
    const rn = apply(naive, c, i);
    if (process.env.BOOK_STATS) tally(rn);
    const rf = apply(fast, c, i);
    expect(rf).toEqual(rn);
    if (snapNaive && snapFast) {
      expect(apply(snapNaive, c, i)).toEqual(rn);
      expect(apply(snapFast, c, i)).toEqual(rn);
    }
    const r = rn as { code: string; deltas: { side: string; price: number; qty: number }[] };
    for (const d of r.deltas) {
      if (d.qty === 0) mirror.delete(`${d.side}${d.price}`);
      else mirror.set(`${d.side}${d.price}`, d.qty);
    }
    if (c.k === 'place' && r.code === 'ok') {
      const p = rn as {
        orderId: string;
        filledQty: number;
        restingQty: number;
        cancelled: { orderId: string; qty: number }[];
      };
      const own = p.cancelled.filter((x) => x.orderId === p.orderId).reduce((s, x) => s + x.qty, 0);
      if (c.o.qty !== undefined) expect(p.filledQty + p.restingQty + own).toBe(c.o.qty);
    }
    expect(fast.stateHash()).toBe(naive.stateHash());
    fast.checkInvariants();
    checkNaiveInvariants(naive);
  });
  const d = fast.depth(1_000_000);
  const fromDeltas = new Map<string, number>();
  for (const [p, q] of d.bids) fromDeltas.set(`buy${p}`, q);
  for (const [p, q] of d.asks) fromDeltas.set(`sell${p}`, q);
  expect(new Map([...mirror.entries()].sort())).toEqual(new Map([...fromDeltas.entries()].sort()));
  if (snapNaive && snapFast) {
    expect(snapNaive.stateHash()).toBe(naive.stateHash());
    expect(snapFast.stateHash()).toBe(naive.stateHash());
  }
  expect(fast.seq()).toBe(naive.seq());
}

describe('naive and fast books agree on random command sequences', () => {
  it('with invariants after every step and snapshot/restore mid-sequence', () => {
    fc.assert(
      fc.property(fc.array(cmdArb, { minLength: 1, maxLength: 300, size: 'max' }), fc.nat(), (cmds, s) => {
        run(cmds, s % cmds.length);
      }),
      { seed: 20240601, numRuns: 150 },
    );
  }, 120_000);

  it('with prices far apart (outside and across the fast book price window)', () => {
    fc.assert(
      fc.property(
        fc.array(wideCmdArb, { minLength: 1, maxLength: 300, size: 'max' }),
        fc.nat(),
        (cmds, s) => {
          run(cmds, s % cmds.length);
        },
      ),
      { seed: 20261121, numRuns: 100 },
    );
  }, 120_000);

  it('in a long single sequence', () => {
    const cmds = fc.sample(cmdArb, { numRuns: 5000, seed: 99 });
    run(cmds, 2500);
  }, 60_000);
});
