import type { DepthLevel } from '@ex/sdk';
import { cmp, isZero } from '../trade/decimal.ts';

/**
 * The order book of one market as the client keeps it: a snapshot, then deltas that each carry the
 * book's sequence number (or a range of them, `firstSeq`..`seq`, for one commit's merged changes,
 * ADR 210). A delta that does not start at the next number means messages were lost, so the book
 * cannot be trusted any more: the reducer says `gap` and the client resubscribes for a fresh
 * snapshot (API.md Streams). Quantities are decimal strings; a level with quantity 0 is removed.
 */
export interface DepthBook {
  /** Bids best (highest) first, asks best (lowest) first. */
  bids: DepthLevel[];
  asks: DepthLevel[];
  seq: number;
}

export interface DepthSnapshot {
  kind: 'snapshot';
  seq: number;
  bids: DepthLevel[];
  asks: DepthLevel[];
}

export interface DepthDelta {
  kind: 'delta';
  seq: number;
  /**
   * A delta merging the changes of one commit (ADR 210) covers `firstSeq`..`seq`; absent, it
   * covers `seq` alone.
   */
  firstSeq?: number;
  /** Changed levels: [price, new total quantity]; "0" removes the level. */
  bids: DepthLevel[];
  asks: DepthLevel[];
}

export type DepthMessage = DepthSnapshot | DepthDelta;

export type DepthResult =
  | { status: 'ok'; book: DepthBook }
  /** Old or repeated delta (already part of the snapshot): nothing changes. */
  | { status: 'stale'; book: DepthBook | null }
  /** A delta before any snapshot, or a missing sequence number: resubscribe. */
  | { status: 'gap'; book: DepthBook | null };

const byPriceDesc = (a: DepthLevel, b: DepthLevel) => cmp(b[0], a[0]);
const byPriceAsc = (a: DepthLevel, b: DepthLevel) => cmp(a[0], b[0]);

function clean(levels: DepthLevel[], desc: boolean): DepthLevel[] {
  return levels.filter((l) => !isZero(l[1])).sort(desc ? byPriceDesc : byPriceAsc);
}

function applySide(levels: DepthLevel[], changes: DepthLevel[], desc: boolean): DepthLevel[] {
  if (changes.length === 0) return levels;
  const map = new Map<string, DepthLevel>();
  // Keyed by the numeric value so "97000.1" and "97000.10" are the same level.
  const key = (price: string) => price.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
  for (const level of levels) map.set(key(level[0]), level);
  for (const level of changes) {
    if (isZero(level[1])) map.delete(key(level[0]));
    else map.set(key(level[0]), level);
  }
  return [...map.values()].sort(desc ? byPriceDesc : byPriceAsc);
}

export function reduceDepth(book: DepthBook | null, msg: DepthMessage): DepthResult {
  if (msg.kind === 'snapshot') {
    return {
      status: 'ok',
      book: { seq: msg.seq, bids: clean(msg.bids, true), asks: clean(msg.asks, false) },
    };
  }
  if (!book) return { status: 'gap', book: null };
  if (msg.seq <= book.seq) return { status: 'stale', book };
  // The delta must start at the next number. One that starts at or before it but ends later (a
  // merged delta whose first part the snapshot already holds) applies as well: each level carries
  // its new total, so setting it again is harmless.
  const first = msg.firstSeq ?? msg.seq;
  if (first > book.seq + 1 || first > msg.seq) return { status: 'gap', book };
  return {
    status: 'ok',
    book: {
      seq: msg.seq,
      bids: applySide(book.bids, msg.bids, true),
      asks: applySide(book.asks, msg.asks, false),
    },
  };
}

/** The best `n` levels of each side, e.g. for a 45%-wide order book column. */
export function topOfBook(book: DepthBook, n: number): DepthBook {
  return { seq: book.seq, bids: book.bids.slice(0, n), asks: book.asks.slice(0, n) };
}
