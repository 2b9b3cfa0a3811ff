import { MARKETS } from '../engine/markets.ts';
import type { EnginePort } from '../engine/port.ts';
import { mustMarket } from '../engine/units.ts';
import { indexHealthOf } from './health.ts';
import type { PriceFeed } from './price-feed.ts';

/** USDC micro-units (6 decimals) -> ticks of a market, rounded down to the tick. */
export function usdcToTicks(symbol: string, micro: bigint): number {
  const m = mustMarket(symbol).scales;
  const units =
    m.priceScale >= 6 ? micro * 10n ** BigInt(m.priceScale - 6) : micro / 10n ** BigInt(6 - m.priceScale);
  const ticks = units / m.tickSize;
  return Number(ticks > 0n ? ticks : 1n);
}

/**
 * Steps the feed, sends each perpetual its index price (`priceUpdate`) and settles funding when due
 * (`fundingTick` only then: a tick that changes nothing would still take a journal row).
 */
export class ReferencePrices {
  private latest = new Map<string, bigint>();
  private readonly listeners = new Set<(prices: Map<string, bigint>) => void>();

  constructor(
    private readonly host: EnginePort,
    private readonly feed: PriceFeed,
    private readonly now: () => number,
  ) {}

  onPrices(l: (prices: Map<string, bigint>) => void): void {
    this.listeners.add(l);
  }

  /** Reference price of a market in its ticks. */
  ticks(symbol: string): number | undefined {
    const base = mustMarket(symbol).config.base;
    const p = this.latest.get(base);
    return p === undefined ? undefined : usdcToTicks(symbol, p);
  }

  async step(): Promise<void> {
    await this.feed.refresh?.();
    this.latest = this.feed.next();
    const stale = this.feed.stale?.() ?? new Set<string>();
    const health = indexHealthOf(this.host);
    for (const m of MARKETS) health.set(m.base, stale.has(m.base) || !this.latest.has(m.base));
    const jobs: Promise<unknown>[] = [];
    for (const m of MARKETS) {
      if (m.kind !== 'perp') continue;
      // A stale index sends nothing: the mark stays where it was, so no liquidation, TP/SL or
      // funding settles on an old price; new orders are refused meanwhile (ADR 153).
      if (stale.has(m.base)) continue;
      const ticks = this.ticks(m.symbol);
      if (ticks === undefined) continue;
      jobs.push(
        this.host.submit({
          type: 'priceUpdate',
          symbol: m.symbol,
          indexPrice: BigInt(ticks),
        }),
      );
      const state = this.host.engine.perp.state(m.symbol);
      if (state !== undefined && state.nextFundingTs > 0 && state.nextFundingTs <= this.now()) {
        jobs.push(this.host.submit({ type: 'fundingTick', symbol: m.symbol }));
      }
    }
    await Promise.all(jobs);
    for (const l of this.listeners) l(this.latest);
  }
}
