import { FastOrderBook } from '../book/fast.ts';
import { NaiveOrderBook } from '../book/naive.ts';
import type { BookSnapshot, OrderBook } from '../book/types.ts';

/** How an engine makes and restores its books: the naive reference or the fast implementation. */
export interface BookFactory {
  create(): OrderBook;
  restore(s: BookSnapshot): OrderBook;
}

export const naiveBookFactory: BookFactory = {
  create: () => new NaiveOrderBook(),
  restore: (s) => NaiveOrderBook.restore(s),
};

/** The default: same behaviour and snapshots as the naive book (the book's property tests), faster. */
export const fastBookFactory: BookFactory = {
  create: () => new FastOrderBook(),
  restore: (s) => FastOrderBook.restore(s),
};
