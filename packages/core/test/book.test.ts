// Scenario tables for the matching rules: given a book, a command -> fills, cancels and the book after.
// Every scenario runs against both implementations.

import { describe, expect, it } from 'vitest';
import {
  type AmendOrder,
  type BookSnapshot,
  type Cancelled,
  FastOrderBook,
  type Fill,
  NaiveOrderBook,
  type OrderBook,
  type PlaceOrder,
  type PlaceResult,
} from '../src/book/index.ts';

const IMPLS: [string, () => OrderBook][] = [
  ['naive', () => new NaiveOrderBook()],
  ['fast', () => new FastOrderBook()],
];
const RESTORERS: ((s: BookSnapshot) => OrderBook)[] = [
  (s) => NaiveOrderBook.restore(s),
  (s) => FastOrderBook.restore(s),
];

let n = 0;
/** Shorthand: L('u1 buy 10@100') is a GTC limit order; extra fields override. */
function L(spec: string, extra: Partial<PlaceOrder> = {}): PlaceOrder {
  const m = /^(\S+) (buy|sell) (\d+)@(\d+)$/.exec(spec);
  if (!m) throw new Error(spec);
  return {
    id: `o${++n}`,
    userId: m[1]!,
    side: m[2] as 'buy' | 'sell',
    type: 'limit',
    qty: +m[3]!,
    price: +m[4]!,
    ts: n,
    ...extra,
  };
}
function M(spec: string, extra: Partial<PlaceOrder> = {}): PlaceOrder {
  const m = /^(\S+) (buy|sell) (\d+)$/.exec(spec);
  if (!m) throw new Error(spec);
  return {
    id: `o${++n}`,
    userId: m[1]!,
    side: m[2] as 'buy' | 'sell',
    type: 'market',
    qty: +m[3]!,
    ts: n,
    ...extra,
  };
}

/** Book shape as readable strings, best first: 'price: qty(id) qty(id)'. */
function shape(b: OrderBook): { bids: string[]; asks: string[] } {
  const s = b.snapshot();
  const lines = (orders: typeof s.bids) => {
    const out: string[] = [];
    let last: number | undefined;
    for (const [id, , price, qty] of orders) {
      if (price !== last) out.push(`${price}:`);
      out[out.length - 1] += ` ${qty}(${id})`;
      last = price;
    }
    return out;
  };
  return { bids: lines(s.bids), asks: lines(s.asks) };
}
const fillsOf = (r: PlaceResult) =>
  r.code === 'ok' ? r.fills.map((f: Fill) => `${f.makerOrderId} ${f.qty}@${f.price}`) : [];
const cancelsOf = (r: { cancelled?: readonly Cancelled[] | Cancelled }) =>
  [r.cancelled ?? []]
    .flat()
    .map((c) => `${c.orderId} ${c.qty}${c.quoteQty !== undefined ? `/q${c.quoteQty}` : ''} ${c.reason}`);

/** A book with asks 101: 5(a1) 5(a2), 102: 10(a3) and bids 99: 5(b1), 98: 10(b2). */
function seeded(make: () => OrderBook): OrderBook {
  const b = make();
  const orders: PlaceOrder[] = [
    { id: 'a1', userId: 'm1', side: 'sell', type: 'limit', price: 101, qty: 5, ts: 1 },
    { id: 'a2', userId: 'm2', side: 'sell', type: 'limit', price: 101, qty: 5, ts: 2 },
    { id: 'a3', userId: 'm1', side: 'sell', type: 'limit', price: 102, qty: 10, ts: 3 },
    { id: 'b1', userId: 'm1', side: 'buy', type: 'limit', price: 99, qty: 5, ts: 4 },
    { id: 'b2', userId: 'm2', side: 'buy', type: 'limit', price: 98, qty: 10, ts: 5 },
  ];
  for (const o of orders) expect(b.place(o).code).toBe('ok');
  return b;
}

interface Scenario {
  name: string;
  cmd: PlaceOrder;
  code?: string;
  fills: string[];
  cancels: string[];
  asks: string[];
  bids: string[];
}

const scenarios: Scenario[] = [
  {
    name: 'limit buy below the ask rests',
    cmd: L('t buy 3@100', { id: 'x' }),
    fills: [],
    cancels: [],
    asks: ['101: 5(a1) 5(a2)', '102: 10(a3)'],
    bids: ['100: 3(x)', '99: 5(b1)', '98: 10(b2)'],
  },
  {
    name: 'limit buy joins the back of an existing level',
    cmd: L('t buy 3@99', { id: 'x' }),
    fills: [],
    cancels: [],
    asks: ['101: 5(a1) 5(a2)', '102: 10(a3)'],
    bids: ['99: 5(b1) 3(x)', '98: 10(b2)'],
  },
  {
    name: 'price-time priority: the earlier order at the best price fills first',
    cmd: L('t buy 7@101', { id: 'x' }),
    fills: ['a1 5@101', 'a2 2@101'],
    cancels: [],
    asks: ['101: 3(a2)', '102: 10(a3)'],
    bids: ['99: 5(b1)', '98: 10(b2)'],
  },
  {
    name: 'a crossing limit sweeps levels at the makers prices and rests the rest',
    cmd: L('t buy 25@102', { id: 'x' }),
    fills: ['a1 5@101', 'a2 5@101', 'a3 10@102'],
    cancels: [],
    asks: [],
    bids: ['102: 5(x)', '99: 5(b1)', '98: 10(b2)'],
  },
  {
    name: 'sell limit matches bids from the highest',
    cmd: L('t sell 8@98', { id: 'x' }),
    fills: ['b1 5@99', 'b2 3@98'],
    cancels: [],
    asks: ['101: 5(a1) 5(a2)', '102: 10(a3)'],
    bids: ['98: 7(b2)'],
  },
  {
    name: 'IOC fills what it can and cancels the leftover',
    cmd: L('t buy 12@101', { id: 'x', tif: 'IOC' }),
    fills: ['a1 5@101', 'a2 5@101'],
    cancels: ['x 2 ioc_leftover'],
    asks: ['102: 10(a3)'],
    bids: ['99: 5(b1)', '98: 10(b2)'],
  },
  {
    name: 'FOK that cannot fill completely changes nothing',
    cmd: L('t buy 21@102', { id: 'x', tif: 'FOK' }),
    fills: [],
    cancels: ['x 21 fok_unfillable'],
    asks: ['101: 5(a1) 5(a2)', '102: 10(a3)'],
    bids: ['99: 5(b1)', '98: 10(b2)'],
  },
  {
    name: 'FOK that can fill, fills completely',
    cmd: L('t buy 20@102', { id: 'x', tif: 'FOK' }),
    fills: ['a1 5@101', 'a2 5@101', 'a3 10@102'],
    cancels: [],
    asks: [],
    bids: ['99: 5(b1)', '98: 10(b2)'],
  },
  {
    name: 'FOK limited by its price',
    cmd: L('t buy 11@101', { id: 'x', tif: 'FOK' }),
    fills: [],
    cancels: ['x 11 fok_unfillable'],
    asks: ['101: 5(a1) 5(a2)', '102: 10(a3)'],
    bids: ['99: 5(b1)', '98: 10(b2)'],
  },
  {
    name: 'post-only that would cross is cancelled whole',
    cmd: L('t buy 1@101', { id: 'x', tif: 'POST_ONLY' }),
    fills: [],
    cancels: ['x 1 post_only_would_cross'],
    asks: ['101: 5(a1) 5(a2)', '102: 10(a3)'],
    bids: ['99: 5(b1)', '98: 10(b2)'],
  },
  {
    name: 'post-only that does not cross rests',
    cmd: L('t sell 1@100', { id: 'x', tif: 'POST_ONLY' }),
    fills: [],
    cancels: [],
    asks: ['100: 1(x)', '101: 5(a1) 5(a2)', '102: 10(a3)'],
    bids: ['99: 5(b1)', '98: 10(b2)'],
  },
  {
    name: 'market buy by quantity sweeps',
    cmd: M('t buy 12', { id: 'x' }),
    fills: ['a1 5@101', 'a2 5@101', 'a3 2@102'],
    cancels: [],
    asks: ['102: 8(a3)'],
    bids: ['99: 5(b1)', '98: 10(b2)'],
  },
  {
    name: 'market order larger than the book cancels the leftover',
    cmd: M('t sell 20', { id: 'x' }),
    fills: ['b1 5@99', 'b2 10@98'],
    cancels: ['x 5 market_leftover'],
    asks: ['101: 5(a1) 5(a2)', '102: 10(a3)'],
    bids: [],
  },
  {
    name: 'market order stops at its protection price',
    cmd: M('t buy 12', { id: 'x', protectionPrice: 101 }),
    fills: ['a1 5@101', 'a2 5@101'],
    cancels: ['x 2 protection_bound'],
    asks: ['102: 10(a3)'],
    bids: ['99: 5(b1)', '98: 10(b2)'],
  },
  {
    name: 'market FOK with protection price',
    cmd: M('t buy 12', { id: 'x', protectionPrice: 101, tif: 'FOK' }),
    fills: [],
    cancels: ['x 12 fok_unfillable'],
    asks: ['101: 5(a1) 5(a2)', '102: 10(a3)'],
    bids: ['99: 5(b1)', '98: 10(b2)'],
  },
  {
    name: 'market buy by quote amount: 1130 tick-lots buys 5+5 at 101 and 1 at 102, 18 left',
    cmd: { id: 'x', userId: 't', side: 'buy', type: 'market', quoteQty: 1130n, ts: 9 },
    fills: ['a1 5@101', 'a2 5@101', 'a3 1@102'],
    cancels: ['x 0/q18 market_leftover'],
    asks: ['102: 9(a3)'],
    bids: ['99: 5(b1)', '98: 10(b2)'],
  },
  {
    name: 'market buy by quote amount, exactly spent',
    cmd: { id: 'x', userId: 't', side: 'buy', type: 'market', quoteQty: 1010n, ts: 9 },
    fills: ['a1 5@101', 'a2 5@101'],
    cancels: [],
    asks: ['102: 10(a3)'],
    bids: ['99: 5(b1)', '98: 10(b2)'],
  },
  {
    name: 'market sell by quote amount with protection',
    cmd: { id: 'x', userId: 't', side: 'sell', type: 'market', quoteQty: 2000n, protectionPrice: 99, ts: 9 },
    fills: ['b1 5@99'],
    cancels: ['x 0/q1505 protection_bound'],
    asks: ['101: 5(a1) 5(a2)', '102: 10(a3)'],
    bids: ['98: 10(b2)'],
  },
  {
    name: 'STP cancel_newest: the incoming order stops at its own resting order',
    cmd: L('m2 buy 12@102', { id: 'x', stp: 'cancel_newest' }),
    fills: ['a1 5@101'],
    cancels: ['x 7 self_trade'],
    asks: ['101: 5(a2)', '102: 10(a3)'],
    bids: ['99: 5(b1)', '98: 10(b2)'],
  },
  {
    name: 'STP cancel_oldest: the resting order is cancelled, matching goes on',
    cmd: L('m2 buy 12@102', { id: 'x', stp: 'cancel_oldest' }),
    fills: ['a1 5@101', 'a3 7@102'],
    cancels: ['a2 5 self_trade'],
    asks: ['102: 3(a3)'],
    bids: ['99: 5(b1)', '98: 10(b2)'],
  },
  {
    name: 'STP cancel_both',
    cmd: L('m2 buy 12@102', { id: 'x', stp: 'cancel_both' }),
    fills: ['a1 5@101'],
    cancels: ['a2 5 self_trade', 'x 7 self_trade'],
    asks: ['102: 10(a3)'],
    bids: ['99: 5(b1)', '98: 10(b2)'],
  },
  {
    name: 'STP none: trades with itself',
    cmd: L('m2 buy 10@101', { id: 'x', stp: 'none' }),
    fills: ['a1 5@101', 'a2 5@101'],
    cancels: [],
    asks: ['102: 10(a3)'],
    bids: ['99: 5(b1)', '98: 10(b2)'],
  },
  {
    name: 'FOK with STP cancel_newest counts only liquidity before the own order',
    cmd: L('m2 buy 6@102', { id: 'x', tif: 'FOK' }),
    fills: [],
    cancels: ['x 6 fok_unfillable'],
    asks: ['101: 5(a1) 5(a2)', '102: 10(a3)'],
    bids: ['99: 5(b1)', '98: 10(b2)'],
  },
  {
    name: 'FOK with STP cancel_oldest skips own orders',
    cmd: L('m2 buy 15@102', { id: 'x', tif: 'FOK', stp: 'cancel_oldest' }),
    fills: ['a1 5@101', 'a3 10@102'],
    cancels: ['a2 5 self_trade'],
    asks: [],
    bids: ['99: 5(b1)', '98: 10(b2)'],
  },
  {
    name: 'refused: duplicate id',
    cmd: L('t buy 1@90', { id: 'a1' }),
    code: 'duplicate_order_id',
    ...unchanged(),
  },
  { name: 'refused: zero qty', cmd: L('t buy 0@90', { id: 'x' }), code: 'invalid_qty', ...unchanged() },
  {
    name: 'refused: fractional qty',
    cmd: L('t buy 1@90', { id: 'x', qty: 1.5 }),
    code: 'invalid_qty',
    ...unchanged(),
  },
  { name: 'refused: zero price', cmd: L('t buy 1@0', { id: 'x' }), code: 'invalid_price', ...unchanged() },
  {
    name: 'refused: market with price',
    cmd: M('t buy 1', { id: 'x', price: 5 }),
    code: 'invalid_price',
    ...unchanged(),
  },
  {
    name: 'refused: market post-only',
    cmd: M('t buy 1', { id: 'x', tif: 'POST_ONLY' }),
    code: 'invalid_tif',
    ...unchanged(),
  },
  {
    name: 'refused: market with qty and quote',
    cmd: M('t buy 1', { id: 'x', quoteQty: 5n }),
    code: 'invalid_qty',
    ...unchanged(),
  },
  {
    name: 'refused: quote FOK',
    cmd: { id: 'x', userId: 't', side: 'buy', type: 'market', quoteQty: 5n, tif: 'FOK', ts: 1 },
    code: 'invalid_tif',
    ...unchanged(),
  },
  { name: 'refused: empty id', cmd: L('t buy 1@90', { id: '' }), code: 'invalid_order_id', ...unchanged() },
  {
    name: 'refused: protection on a limit',
    cmd: L('t buy 1@90', { id: 'x', protectionPrice: 5 }),
    code: 'invalid_protection_price',
    ...unchanged(),
  },
];
function unchanged() {
  return {
    fills: [],
    cancels: [],
    asks: ['101: 5(a1) 5(a2)', '102: 10(a3)'],
    bids: ['99: 5(b1)', '98: 10(b2)'],
  };
}

describe.each(IMPLS)('%s book', (_name, make) => {
  it.each(scenarios)('$name', (s) => {
    const b = seeded(make);
    const r = b.place(s.cmd);
    expect(r.code).toBe(s.code ?? 'ok');
    expect(fillsOf(r)).toEqual(s.fills);
    expect(r.code === 'ok' ? cancelsOf(r) : []).toEqual(s.cancels);
    expect(shape(b)).toEqual({ asks: s.asks, bids: s.bids });
  });

  it('reports filled and resting quantities, depth deltas and seq', () => {
    const b = seeded(make);
    const seq0 = b.seq();
    const r = b.place(L('t buy 12@101', { id: 'x' }));
    if (r.code !== 'ok') throw new Error(r.code);
    expect(r.filledQty).toBe(10);
    expect(r.restingQty).toBe(2);
    expect(r.deltas).toEqual([
      { side: 'sell', price: 101, qty: 0 },
      { side: 'buy', price: 101, qty: 2 },
    ]);
    expect(r.seq).toBe(seq0 + 1);
    expect(r.fills[1]).toMatchObject({
      makerOrderId: 'a2',
      makerUserId: 'm2',
      takerOrderId: 'x',
      takerUserId: 't',
      takerSide: 'buy',
      makerRemaining: 0,
    });
    expect(b.depth(5)).toEqual({
      bids: [
        [101, 2],
        [99, 5],
        [98, 10],
      ],
      asks: [[102, 10]],
      seq: seq0 + 1,
    });
    expect(b.bestBid()).toBe(101);
    expect(b.bestAsk()).toBe(102);
    // a refused command does not move seq
    expect(b.place(L('t buy 0@1')).seq).toBe(seq0 + 1);
    // a command that changes nothing in the book does not either
    const fok = b.place(L('t buy 99@102', { tif: 'FOK' }));
    expect(fok.deltas).toEqual([]);
    expect(fok.seq).toBe(seq0 + 1);
  });

  it('cancel is by id, optionally checked against the owner', () => {
    const b = seeded(make);
    expect(b.cancel('a1', 'm2').code).toBe('not_owner');
    expect(b.cancel('nope').code).toBe('order_not_found');
    const r = b.cancel('a1', 'm1');
    expect(r).toMatchObject({
      code: 'ok',
      cancelled: { orderId: 'a1', qty: 5, reason: 'user', wasResting: true },
    });
    expect(r.deltas).toEqual([{ side: 'sell', price: 101, qty: 5 }]);
    expect(b.cancel('a1').code).toBe('order_not_found');
    expect(shape(b).asks).toEqual(['101: 5(a2)', '102: 10(a3)']);
  });

  it('cancelAll removes every order of a user, in acceptance order', () => {
    const b = seeded(make);
    const r = b.cancelAll('m1');
    expect(r.cancelled.map((c) => c.orderId)).toEqual(['a1', 'a3', 'b1']);
    expect(r.deltas).toEqual([
      { side: 'sell', price: 101, qty: 5 },
      { side: 'sell', price: 102, qty: 0 },
      { side: 'buy', price: 99, qty: 0 },
    ]);
    expect(shape(b)).toEqual({ asks: ['101: 5(a2)'], bids: ['98: 10(b2)'] });
    expect(b.cancelAll('nobody')).toMatchObject({ cancelled: [], deltas: [] });
  });

  const amends: [string, Omit<AmendOrder, 'ts'>, string, string[], boolean | undefined][] = [
    [
      'reducing qty keeps priority',
      { orderId: 'a1', qty: 2 },
      'ok',
      ['101: 2(a1) 5(a2)', '102: 10(a3)'],
      true,
    ],
    [
      'increasing qty loses priority',
      { orderId: 'a1', qty: 6 },
      'ok',
      ['101: 5(a2) 6(a1)', '102: 10(a3)'],
      false,
    ],
    [
      'changing price loses priority',
      { orderId: 'a3', price: 101 },
      'ok',
      ['101: 5(a1) 5(a2) 10(a3)'],
      false,
    ],
    [
      'price and qty',
      { orderId: 'a1', price: 103, qty: 1 },
      'ok',
      ['101: 5(a2)', '102: 10(a3)', '103: 1(a1)'],
      false,
    ],
    ['no change', { orderId: 'a1', qty: 5 }, 'ok', ['101: 5(a1) 5(a2)', '102: 10(a3)'], true],
    [
      'would cross',
      { orderId: 'a1', price: 99 },
      'would_cross',
      ['101: 5(a1) 5(a2)', '102: 10(a3)'],
      undefined,
    ],
    ['zero qty', { orderId: 'a1', qty: 0 }, 'invalid_qty', ['101: 5(a1) 5(a2)', '102: 10(a3)'], undefined],
    [
      'bad price',
      { orderId: 'a1', price: -1 },
      'invalid_price',
      ['101: 5(a1) 5(a2)', '102: 10(a3)'],
      undefined,
    ],
    [
      'not the owner',
      { orderId: 'a1', userId: 'm2', qty: 1 },
      'not_owner',
      ['101: 5(a1) 5(a2)', '102: 10(a3)'],
      undefined,
    ],
    [
      'unknown order',
      { orderId: 'zz', qty: 1 },
      'order_not_found',
      ['101: 5(a1) 5(a2)', '102: 10(a3)'],
      undefined,
    ],
  ];
  it.each(amends)('amend: %s', (_n, cmd, code, asks, kept) => {
    const b = seeded(make);
    const r = b.amend({ ...cmd, ts: 100 });
    expect(r.code).toBe(code);
    if (r.code === 'ok') expect(r.keptPriority).toBe(kept);
    expect(shape(b).asks).toEqual(asks);
  });

  it('amend reports deltas for both levels', () => {
    const b = seeded(make);
    const r = b.amend({ orderId: 'a3', price: 101, qty: 4, ts: 100 });
    expect(r.deltas).toEqual([
      { side: 'sell', price: 102, qty: 0 },
      { side: 'sell', price: 101, qty: 14 },
    ]);
    expect(b.order('a3')).toEqual({
      id: 'a3',
      userId: 'm1',
      side: 'sell',
      price: 101,
      qty: 4,
      ts: 100,
      acceptSeq: 3,
    });
  });

  it('snapshot and restore give an equal book', () => {
    const b = seeded(make);
    const snap = JSON.parse(JSON.stringify(b.snapshot()));
    const copies = RESTORERS.map((restore) => restore(snap));
    for (const c of copies) expect(c.stateHash()).toBe(b.stateHash());
    const x = L('t buy 7@101');
    const want = b.place(x);
    for (const c of copies) {
      expect(c.place(x)).toEqual(want);
      expect(c.stateHash()).toBe(b.stateHash());
    }
  });
});
