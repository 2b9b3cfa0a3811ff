import { describe, expect, it } from 'vitest';
import { parseMessage } from '../src/features/stream/client.ts';
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

  it("applies a delta merging one commit (firstSeq..seq): its levels' last totals", () => {
    const r = reduceDepth(book(), {
      kind: 'delta',
      firstSeq: 11,
      seq: 14,
      bids: [
        ['100.00', '0'],
        ['97.00', '4'],
      ],
      asks: [['101.50', '2']],
    });
    expect(r).toEqual({
      status: 'ok',
      book: {
        seq: 14,
        bids: [
          ['99.00', '1'],
          ['97.00', '4'],
        ],
        asks: [
          ['101.00', '3'],
          ['101.50', '2'],
          ['102.00', '1'],
        ],
      },
    });
  });

  it('a merged delta: stale when the snapshot holds all of it, applied when it holds a part, a gap when it starts later', () => {
    const b = book();
    expect(reduceDepth(b, { kind: 'delta', firstSeq: 8, seq: 10, bids: [['1.00', '1']], asks: [] })).toEqual({
      status: 'stale',
      book: b,
    });
    const part = reduceDepth(b, { kind: 'delta', firstSeq: 9, seq: 12, bids: [['99.00', '7']], asks: [] });
    expect(part.status).toBe('ok');
    expect(part.book?.seq).toBe(12);
    expect(part.book?.bids).toEqual([
      ['100.00', '2'],
      ['99.00', '7'],
    ]);
    expect(reduceDepth(b, { kind: 'delta', firstSeq: 12, seq: 15, bids: [], asks: [] }).status).toBe('gap');
    // A range that ends before it starts is not a delta a server sends.
    expect(reduceDepth(b, { kind: 'delta', firstSeq: 12, seq: 11, bids: [], asks: [] }).status).toBe('gap');
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

  it('reads the seq range of a merged delta as the server sends it', () => {
    const raw = JSON.stringify({
      channel: 'depth:BTC_USDC',
      type: 'delta',
      seq: 14,
      first_seq: 11,
      ts: 1,
      data: { bids: [['97.00', '4']], asks: [], seq: 14, first_seq: 11 },
    });
    const msg = parseMessage(raw);
    if (msg === null || 'ack' in msg) throw new Error('not a push');
    expect(toDepthMessage(msg)).toEqual({
      kind: 'delta',
      seq: 14,
      firstSeq: 11,
      bids: [['97.00', '4']],
      asks: [],
    });
    // A single delta (no range) reads as before.
    const single = parseMessage('{"channel":"depth:X","type":"delta","seq":5,"data":{"bids":[],"asks":[]}}');
    if (single === null || 'ack' in single) throw new Error('not a push');
    expect(toDepthMessage(single)).toEqual({ kind: 'delta', seq: 5, bids: [], asks: [] });
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
