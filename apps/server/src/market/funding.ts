// The premium of a perpetual's book over its index right now (ADR 156): what the engine's next
// price update samples (perp-engine.ts priceUpdate: the top-of-book mid; a one-sided or empty book
// adds no premium). The funding endpoint estimates the coming rate from it before the interval has
// a sample of its own.

import { type OrderBook, premiumPpm } from '@ex/core';

export function bookPremiumPpm(book: OrderBook | undefined, indexPrice: bigint): bigint {
  const bid = book?.bestBid();
  const ask = book?.bestAsk();
  if (bid === undefined || ask === undefined || indexPrice <= 0n) return 0n;
  return premiumPpm((BigInt(bid) + BigInt(ask)) / 2n, indexPrice);
}
