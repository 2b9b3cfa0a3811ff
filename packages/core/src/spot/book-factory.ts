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
