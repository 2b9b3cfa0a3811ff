// PRICE_FEED selects the reference-price adapter (ADR 120). `simulated` is the random walk of the
// embedded default; `ccxt:<id>[,<id>...]` names exchanges to read through ccxt. The ccxt adapter is
// a later issue: until it exists the server refuses to start with it rather than quietly marking
// positions from the simulator under a name that promises real prices.

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
  if (spec.kind === 'ccxt') {
    return [
      `PRICE_FEED: ${value} is not available yet (the ccxt adapter is a later issue); the server does not fall back to the simulated feed`,
    ];
  }
  return [];
}

/**
 * The feed PRICE_FEED names. `seed` is for tests that need a repeatable walk; a running server
 * never passes one, so the walk comes from the CSPRNG and differs on every start.
 */
export function selectPriceFeed(value: string, options: { seed?: number } = {}): PriceFeed {
  const problems = feedProblems(value);
  if (problems.length > 0) throw new Error(problems.join('; '));
  return new SimulatedPriceFeed(options.seed === undefined ? {} : { seed: options.seed });
}
