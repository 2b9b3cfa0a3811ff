// PRICE_FEED selects the reference-price adapter (ADR 120, 153). `simulated` is the random walk of
// the embedded default; `ccxt:<id>[,<id>...]` reads those exchanges through ccxt (feed/ccxt.ts), the
// index being the median of the fresh sources. Nothing falls back from one to the other.

import { MARKETS } from '../engine/markets.ts';
import { CcxtPriceFeed, CcxtSource, ccxtLib } from './ccxt.ts';
import { type PriceFeed, SimulatedPriceFeed } from './price-feed.ts';

export type FeedSpec = { kind: 'simulated' } | { kind: 'ccxt'; exchanges: string[] };

export function parseFeedSpec(value: string): FeedSpec {
  if (value === 'simulated') return { kind: 'simulated' };
  if (value.startsWith('ccxt:')) return { kind: 'ccxt', exchanges: value.slice(5).split(',') };
  // loadConfig only lets the two shapes through; anything else is a bug, not a user error.
  throw new Error(`unknown PRICE_FEED ${value}`);
}

/** What keeps this PRICE_FEED from starting, in the wording of the config errors (empty: it starts). */
export function feedProblems(value: string): string[] {
  const spec = parseFeedSpec(value);
  if (spec.kind !== 'ccxt') return [];
  const known = new Set<string>(ccxtLib().exchanges);
  return spec.exchanges
    .filter((id) => !known.has(id))
    .map((id) => `PRICE_FEED: ccxt has no exchange "${id}" (see ccxt.exchanges)`);
}

export interface FeedOptions {
  /** Tests only: a repeatable simulated walk. */
  seed?: number;
  now?: () => number;
  /** Tests only: the origin each ccxt exchange's API is read from (a local fake exchange). */
  apiBase?: Record<string, string>;
}

/**
 * The feed PRICE_FEED names. `seed` is for tests that need a repeatable walk; a running server
 * never passes one, so the walk comes from the CSPRNG and differs on every start.
 */
export function selectPriceFeed(value: string, options: FeedOptions = {}): PriceFeed {
  const problems = feedProblems(value);
  if (problems.length > 0) throw new Error(problems.join('; '));
  const spec = parseFeedSpec(value);
  if (spec.kind === 'ccxt') {
    const now = options.now ?? Date.now;
    const sources = spec.exchanges.map(
      (id) =>
        new CcxtSource(id, {
          now,
          ...(options.apiBase?.[id] === undefined ? {} : { apiBase: options.apiBase[id] }),
        }),
    );
    return new CcxtPriceFeed(sources, { bases: [...new Set(MARKETS.map((m) => m.base))], now });
  }
  return new SimulatedPriceFeed(options.seed === undefined ? {} : { seed: options.seed });
}
