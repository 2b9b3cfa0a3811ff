import { describe, expect, it } from 'vitest';
import { type DepthBook, reduceDepth } from '../src/features/stream/depth.ts';
import {
  mergeKline,
  mergeTickers,
  mergeTrades,
  toDepthMessage,
  toKline,
} from '../src/features/stream/hooks.ts';

const snap = {
  kind: 'snapshot' as const,
  seq: 10,
  bids: [
    ['99.00', '1'],
    ['100.00', '2'],
    ['98.00', '0'],
  ] as [string, string][],
  asks: [
    ['102.00', '1'],
    ['101.00', '3'],
  ] as [string, string][],
};

function book(): DepthBook {
  const r = reduceDepth(null, snap);
  if (r.status !== 'ok') throw new Error('snapshot refused');
  return r.book;
}

describe('depth reducer', () => {
  it('takes a snapshot sorted best first, without empty levels', () => {
    expect(book()).toEqual({
      seq: 10,
      bids: [
        ['100.00', '2'],
        ['99.00', '1'],
      ],
      asks: [
        ['101.00', '3'],
        ['102.00', '1'],
      ],
    });
  });

  it('applies the next delta: update, insert, remove (quantity 0)', () => {
    const r = reduceDepth(book(), {
      kind: 'delta',
      seq: 11,
      bids: [
        ['100.0', '5'],
        ['100.50', '1'],
        ['99.00', '0'],
      ],
      asks: [['101.00', '0']],
    });
    expect(r.status).toBe('ok');
    expect(r.book).toEqual({
      seq: 11,
      bids: [
        ['100.50', '1'],
        ['100.0', '5'],
      ],
      asks: [['102.00', '1']],
    });
  });

  it('ignores a delta already contained in the snapshot', () => {
    const b = book();
    const r = reduceDepth(b, { kind: 'delta', seq: 10, bids: [['1.00', '1']], asks: [] });
    expect(r).toEqual({ status: 'stale', book: b });
  });

  it('reports a gap when a sequence number is skipped, and before any snapshot', () => {
    expect(reduceDepth(book(), { kind: 'delta', seq: 12, bids: [], asks: [] }).status).toBe('gap');
    expect(reduceDepth(null, { kind: 'delta', seq: 1, bids: [], asks: [] }).status).toBe('gap');
  });

  it('a fresh snapshot after a gap replaces the book', () => {
    const r = reduceDepth(book(), { ...snap, seq: 40, bids: [['90.00', '1']], asks: [] });
    expect(r.book).toEqual({ seq: 40, bids: [['90.00', '1']], asks: [] });
  });

  it('reads pushed messages into snapshot/delta', () => {
    expect(
      toDepthMessage({
        channel: 'depth:X',
        kind: 'snapshot',
        seq: 3,
        data: { bids: [['1', '2']], asks: 'x' },
      }),
    ).toEqual({ kind: 'snapshot', seq: 3, bids: [['1', '2']], asks: [] });
    expect(
      toDepthMessage({ channel: 'depth:X', kind: undefined, seq: 4, data: { bids: [], asks: [] } })?.kind,
    ).toBe('delta');
    expect(toDepthMessage({ channel: 'depth:X', kind: 'delta', seq: undefined, data: {} })).toBeNull();
  });
});

describe('stream merges into the query cache', () => {
  it('keeps trades newest first without duplicates', () => {
    const t = (id: string, ts: number) => ({ id, ts, price: '1', qty: '1', side: 'buy' as const });
    expect(mergeTrades([t('a', 1)], [t('a', 1), t('b', 3), t('c', 2)]).map((x) => x.id)).toEqual([
      'b',
      'c',
      'a',
    ]);
    expect(mergeTrades(undefined, [t('a', 1), t('b', 2)], 1).map((x) => x.id)).toEqual(['b']);
  });

  it('updates the live candle or appends a new one', () => {
    const k = (t: number, c: string) =>
      [t, '1', '2', '0.5', c, '10'] as [number, string, string, string, string, string];
    expect(mergeKline([k(1, '1'), k(2, '1')], k(2, '1.5'))).toEqual([k(1, '1'), k(2, '1.5')]);
    expect(mergeKline([k(1, '1')], k(2, '2'))).toEqual([k(1, '1'), k(2, '2')]);
    expect(toKline({ t: 5, o: '1', h: '2', l: '0.5', c: '1.5', v: '3' })).toEqual([
      5,
      '1',
      '2',
      '0.5',
      '1.5',
      '3',
    ]);
    expect(toKline([5, 1, 2, 3, 4, 5])).toBeNull();
  });

  it('patches only the ticker fields of the matching coin', () => {
    const coin = { symbol: 'BTC_USDC', last: '1', change_pct: '0' } as never;
    const [next] = mergeTickers([coin], [{ symbol: 'BTC_USDC', last: '2', change_pct: '1.5' }]) ?? [];
    expect(next).toMatchObject({ symbol: 'BTC_USDC', last: '2', change_pct: '1.5' });
  });
});
