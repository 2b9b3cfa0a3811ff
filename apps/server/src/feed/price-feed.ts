// Reference prices (ADR 013). The port gives a price per base asset in USDC micro-units (6 decimals,
// an integer); adapters: a random walk (the embedded default, PRICE_FEED=simulated) and exchange
// tickers through ccxt (feed/ccxt.ts, PRICE_FEED=ccxt:<ids>, ADR 153).

import { randomBytes } from 'node:crypto';

export interface PriceFeed {
  /** Fetches new quotes before `next()` (network feeds); the simulator has nothing to fetch. */
  refresh?(): Promise<void>;
  /** The latest reference price of each base (USDC units at 6 decimals), after stepping the feed. */
  next(): Map<string, bigint>;
  /** Bases without a fresh price right now (ADR 153): their mark must not move on an old price. */
  stale?(): ReadonlySet<string>;
}

/** Starting points near real prices (USDC). */
export const START_PRICES: Record<string, bigint> = {
  BTC: 97_000_000_000n,
  ETH: 3_400_000_000n,
  SOL: 190_000_000n,
  BNB: 620_000_000n,
  XRP: 2_300_000n,
  DOGE: 380_000n,
};

/** mulberry32: a tiny seeded PRNG; the same seed walks the same path (tests, demos). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Uniform integers in [0, n) from the operating system's CSPRNG, read in blocks. The unseeded feed
 * draws from this, not from a PRNG seeded once: a 32-bit seed (or a boot time) can be searched from
 * a few observed prices, and then every future index price is known in advance (ADR 120).
 */
export function cryptoRandom(): () => number {
  let pool = Buffer.alloc(0);
  let at = 0;
  return () => {
    if (at + 4 > pool.length) {
      pool = randomBytes(4096);
      at = 0;
    }
    const v = pool.readUInt32BE(at);
    at += 4;
    return v / 4_294_967_296;
  };
}

/**
 * A random walk in integer steps: each call moves every price by up to `stepPpm` parts per million
 * (uniform), pulled back gently toward its start so a long-running demo stays near realistic levels.
 */
export class SimulatedPriceFeed implements PriceFeed {
  private readonly prices = new Map<string, bigint>();
  private readonly random: () => number;

  constructor(
    /** `seed`: tests only, for a repeatable path; without it every start walks a path nobody can know. */
    options: { seed?: number; stepPpm?: number; start?: Record<string, bigint> } = {},
    private readonly stepPpm = BigInt(options.stepPpm ?? 400),
  ) {
    this.random = options.seed === undefined ? cryptoRandom() : seededRandom(options.seed);
    for (const [base, p] of Object.entries(options.start ?? START_PRICES)) this.prices.set(base, p);
  }

  next(): Map<string, bigint> {
    for (const [base, price] of this.prices) {
      // An integer draw in [-1000, 1000]: the walk never touches a float amount.
      const draw = BigInt(Math.floor(this.random() * 2001) - 1000);
      const start = START_PRICES[base] ?? price;
      const pull = ((start - price) * 10n) / 10_000n; // 0.1% of the gap per step
      let p = price + (price * draw * this.stepPpm) / 1_000_000_000n + pull;
      if (p < start / 10n) p = start / 10n;
      this.prices.set(base, p);
    }
    return new Map(this.prices);
  }

  current(): Map<string, bigint> {
    return new Map(this.prices);
  }
}
