// Reference prices from exchanges through ccxt (ADR 153): PRICE_FEED=ccxt:binance,okx,bybit. Each
// step fetches every source's tickers in parallel; a base's index is the median of the fresh quotes
// after dropping outliers. A source that fails, times out or sends an old ticker is left out (the
// others carry on: failover); when no fresh quote is left for a base its index is stale, and the
// feed reports it so the engine gets no price update (the mark freezes, nothing is liquidated on it)
// and new contract orders are refused with INDEX_STALE.

import { createRequire } from 'node:module';
import type ccxtModule from 'ccxt';
import type { PriceFeed } from './price-feed.ts';

type Ccxt = typeof ccxtModule;
let loaded: Ccxt | undefined;
/**
 * ccxt on first use: loading it takes seconds and ~80 MB, which the simulated feed (the embedded
 * default, every test) never needs. Its CommonJS build has the same exports.
 */
export function ccxtLib(): Ccxt {
  loaded ??= createRequire(import.meta.url)('ccxt') as Ccxt;
  return loaded;
}

/** USD stablecoin quotes: USDT is the deepest book on every source; 1 USDT is taken as 1 USDC. */
const DEFAULT_QUOTE = 'USDT';

export interface TickerSource {
  readonly id: string;
  /** Last price and the exchange's time of it, per base; missing bases are simply absent. */
  fetch(bases: readonly string[]): Promise<Map<string, { price: string; ts: number }>>;
}

export interface CcxtFeedOptions {
  bases: readonly string[];
  now: () => number;
  /** A quote older than this is stale (default 30 s). */
  staleMs?: number;
  /** Quotes further than this from the median of all fresh quotes are dropped (default 2 %). */
  outlierPpm?: bigint;
}

/** Decimal string -> USDC micro-units (6 decimals), truncated; null for anything not a plain number. */
export function toMicro(text: string): bigint | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const frac = (m[2] ?? '').padEnd(6, '0').slice(0, 6);
  const v = BigInt(m[1]! + frac);
  return v > 0n ? v : null;
}

/** The median of integers (the lower middle for an even count: no rounding, never a float). */
export function median(values: readonly bigint[]): bigint {
  const s = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return s[Math.floor((s.length - 1) / 2)]!;
}

/** The index of one base from fresh quotes: median, outliers dropped, median again. */
export function indexOf(quotes: readonly bigint[], outlierPpm: bigint): bigint | null {
  if (quotes.length === 0) return null;
  const first = median(quotes);
  const kept = quotes.filter((q) => {
    const diff = q > first ? q - first : first - q;
    return diff * 1_000_000n <= first * outlierPpm;
  });
  return median(kept.length > 0 ? kept : quotes);
}

export class CcxtPriceFeed implements PriceFeed {
  private latest = new Map<string, bigint>();
  private staleBases = new Set<string>();
  /** Per source: the last quotes it gave (kept so a source that goes quiet ages out, not vanishes). */
  private readonly quotes = new Map<string, Map<string, { micro: bigint; ts: number }>>();
  private readonly staleMs: number;
  private readonly outlierPpm: bigint;

  constructor(
    private readonly sources: readonly TickerSource[],
    private readonly options: CcxtFeedOptions,
  ) {
    this.staleMs = options.staleMs ?? 30_000;
    this.outlierPpm = options.outlierPpm ?? 20_000n;
    for (const b of options.bases) this.staleBases.add(b);
  }

  /** Fetches every source at once; a failing source only loses its own fresh quotes. */
  async refresh(): Promise<void> {
    const results = await Promise.allSettled(this.sources.map((s) => s.fetch(this.options.bases)));
    results.forEach((r, i) => {
      const id = this.sources[i]!.id;
      if (r.status !== 'fulfilled') return;
      const mine = this.quotes.get(id) ?? new Map();
      for (const [base, q] of r.value) {
        const micro = toMicro(q.price);
        if (micro !== null) mine.set(base, { micro, ts: q.ts });
      }
      this.quotes.set(id, mine);
    });
    const now = this.options.now();
    const next = new Map<string, bigint>();
    const stale = new Set<string>();
    for (const base of this.options.bases) {
      const fresh: bigint[] = [];
      for (const mine of this.quotes.values()) {
        const q = mine.get(base);
        if (q !== undefined && now - q.ts <= this.staleMs) fresh.push(q.micro);
      }
      const index = indexOf(fresh, this.outlierPpm);
      if (index === null) {
        stale.add(base);
        const last = this.latest.get(base);
        if (last !== undefined) next.set(base, last);
      } else next.set(base, index);
    }
    this.latest = next;
    this.staleBases = stale;
  }

  next(): Map<string, bigint> {
    return new Map(this.latest);
  }

  stale(): ReadonlySet<string> {
    return this.staleBases;
  }
}

/**
 * One exchange through ccxt. `apiBase` replaces the origin of every API URL of the exchange (tests
 * point it at a local fake exchange; production leaves it unset).
 */
export class CcxtSource implements TickerSource {
  private readonly exchange: InstanceType<Ccxt['Exchange']>;
  private marketsLoaded = false;

  constructor(
    readonly id: string,
    options: { apiBase?: string; timeoutMs?: number; quote?: string; now: () => number },
  ) {
    const classes = ccxtLib() as unknown as Record<string, new (c: object) => InstanceType<Ccxt['Exchange']>>;
    const Ctor = classes[id];
    if (Ctor === undefined) throw new Error(`PRICE_FEED: ccxt has no exchange ${id}`);
    this.exchange = new Ctor({ timeout: options.timeoutMs ?? 5_000, enableRateLimit: false });
    if (options.apiBase !== undefined)
      rebase(this.exchange.urls.api as Record<string, unknown>, options.apiBase);
    this.quote = options.quote ?? DEFAULT_QUOTE;
    this.now = options.now;
  }

  private readonly quote: string;
  private readonly now: () => number;

  async fetch(bases: readonly string[]): Promise<Map<string, { price: string; ts: number }>> {
    if (!this.marketsLoaded) {
      await this.exchange.loadMarkets();
      this.marketsLoaded = true;
    }
    const symbols = bases
      .map((b) => `${b}/${this.quote}`)
      .filter((s) => this.exchange.markets?.[s] !== undefined);
    const tickers = await this.exchange.fetchTickers(symbols);
    const out = new Map<string, { price: string; ts: number }>();
    for (const base of bases) {
      const t = tickers[`${base}/${this.quote}`];
      const last = t?.last;
      if (t === undefined || last === undefined || last === null) continue;
      // ccxt hands prices over as JS numbers; they become decimal text here and integers in toMicro,
      // never arithmetic on the float.
      out.set(base, { price: plain(last), ts: t.timestamp ?? this.now() });
    }
    return out;
  }
}

/** A number as plain decimal text (no exponent), as ccxt's own decimal helpers print it. */
function plain(n: number): string {
  const c = ccxtLib();
  return c.decimalToPrecision(n, c.TRUNCATE, 8, c.DECIMAL_PLACES, c.NO_PADDING);
}

function rebase(api: Record<string, unknown>, base: string): void {
  for (const [k, v] of Object.entries(api)) {
    if (typeof v === 'string') api[k] = v.replace(/^https?:\/\/[^/]+/, base);
    else if (v !== null && typeof v === 'object') rebase(v as Record<string, unknown>, base);
  }
}
