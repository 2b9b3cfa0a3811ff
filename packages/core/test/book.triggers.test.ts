import { describe, expect, it } from 'vitest';
import { FastOrderBook, type PlaceOrder, TriggerStore, triggerCondition } from '../src/book/index.ts';

const order = (id: string, side: 'buy' | 'sell' = 'sell'): PlaceOrder => ({
  id,
  userId: 'u1',
  side,
  type: 'market',
  qty: 1,
  ts: 0,
});

describe('trigger conditions', () => {
  it.each([
    ['stop', 'sell', 'lte'],
    ['stop', 'buy', 'gte'],
    ['take_profit', 'sell', 'gte'],
    ['take_profit', 'buy', 'lte'],
  ] as const)('%s %s fires when price is %s the trigger', (kind, side, cond) => {
    expect(triggerCondition(kind, side)).toBe(cond);
  });
});

describe('TriggerStore', () => {
  function store() {
    const s = new TriggerStore();
    // A long position at ~100: stop-loss sells at 95 and 90, take-profit sells at 110; a stop buy at 105.
    expect(
      s.add({ id: 'sl95', userId: 'u1', triggerPrice: 95, condition: 'lte', order: order('sl95') }).code,
    ).toBe('ok');
    expect(
      s.add({ id: 'tp110', userId: 'u1', triggerPrice: 110, condition: 'gte', order: order('tp110') }).code,
    ).toBe('ok');
    expect(
      s.add({ id: 'sl90', userId: 'u2', triggerPrice: 90, condition: 'lte', order: order('sl90') }).code,
    ).toBe('ok');
    expect(
      s.add({ id: 'sb105', userId: 'u2', triggerPrice: 105, condition: 'gte', order: order('sb105', 'buy') })
        .code,
    ).toBe('ok');
    return s;
  }

  const table: [string, number[], string[][]][] = [
    ['nothing fires between the triggers', [100, 96, 104], [[], [], []]],
    ['a fall to the stop fires it (equal counts)', [95], [['sl95']]],
    ['a fall through two stops fires both in the order they were added', [89], [['sl95', 'sl90']]],
    ['a rise through both upper triggers fires them in added order', [200], [['tp110', 'sb105']]],
    ['a trigger fires only once', [95, 94, 90], [['sl95'], [], ['sl90']]],
  ];
  it.each(table)('%s', (_name, prices, want) => {
    const s = store();
    expect(prices.map((p) => s.onPrice(p).map((o) => o.id))).toEqual(want);
  });

  it('refuses bad triggers', () => {
    const s = store();
    expect(
      s.add({ id: 'sl95', userId: 'u1', triggerPrice: 1, condition: 'lte', order: order('x') }).code,
    ).toBe('duplicate_trigger_id');
    expect(s.add({ id: 'y', userId: 'u1', triggerPrice: 0, condition: 'lte', order: order('y') }).code).toBe(
      'invalid_trigger_price',
    );
  });

  it('cancel and cancelAll', () => {
    const s = store();
    expect(s.cancel('sl95', 'u2')).toBeUndefined();
    expect(s.cancel('sl95', 'u1')?.id).toBe('sl95');
    expect(s.cancelAll('u2').map((t) => t.id)).toEqual(['sl90', 'sb105']);
    expect(s.size()).toBe(1);
    expect(s.onPrice(1).map((o) => o.id)).toEqual([]);
    expect(s.onPrice(1000).map((o) => o.id)).toEqual(['tp110']);
  });

  it('snapshot/restore keeps the state and the firing order', () => {
    const s = store();
    s.onPrice(95);
    const copy = TriggerStore.restore(JSON.parse(JSON.stringify(s.snapshot())));
    expect(copy.stateHash()).toBe(s.stateHash());
    expect(copy.onPrice(1).map((o) => o.id)).toEqual(s.onPrice(1).map((o) => o.id));
    expect(copy.onPrice(1000).map((o) => o.id)).toEqual(s.onPrice(1000).map((o) => o.id));
    expect(copy.stateHash()).toBe(s.stateHash());
  });

  it('released orders are ordinary orders for the book', () => {
    const book = new FastOrderBook();
    book.place({ id: 'bid', userId: 'mm', side: 'buy', type: 'limit', price: 94, qty: 5, ts: 1 });
    const s = store();
    const fills = s.onPrice(94).flatMap((o) => {
      const r = book.place({ ...o, ts: 2 });
      return r.code === 'ok' ? r.fills : [];
    });
    expect(fills.map((f) => [f.takerOrderId, f.price, f.qty])).toEqual([['sl95', 94, 1]]);
  });
});
