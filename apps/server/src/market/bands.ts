import type { EnginePort } from '../engine/port.ts';
import type { MarketUnits } from '../engine/units.ts';
import { AppError } from '../http/errors.ts';

// Price bands and market-order protection around the index (ADR 112). The index is the one the
// feed sends the perpetual (`priceUpdate`): it lives in the engine state, so a check inside the
// sequencer reads exactly the index the order meets, and a replay sees the same one. Spot and
// perpetual markets of a base share tick size and scale, so the perpetual's index ticks are the
// spot market's ticks too.

const PPM = 1_000_000n;

/** The index price of the market's base in its ticks, or undefined before the first feed tick. */
export function indexTicks(host: EnginePort, m: MarketUnits): bigint | undefined {
  const perp = `${m.config.base}_${m.config.quote}_PERP`;
  const index = host.engine.perp.state(perp)?.indexPrice;
  return index !== undefined && index > 0n ? index : undefined;
}

/** The allowed limit prices [low, high] in ticks: index ± band, rounded inward. */
export function bandOf(m: MarketUnits, index: bigint): { low: bigint; high: bigint } {
  const band = m.config.priceBandPpm;
  const low = (index * (PPM - band) + PPM - 1n) / PPM;
  const high = (index * (PPM + band)) / PPM;
  return { low: low < 1n ? 1n : low, high };
}

/**
 * PERCENT_PRICE: refuses a limit price outside index ± band with PRICE_OUT_OF_BAND naming the
 * allowed range. Before the first index there is nothing to band against and the order passes
 * (a fresh install without a feed); ADR 112 explains why that is acceptable.
 */
export function checkBand(host: EnginePort, m: MarketUnits, priceTicks: number): void {
  const index = indexTicks(host, m);
  if (index === undefined) return;
  const { low, high } = bandOf(m, index);
  const p = BigInt(priceTicks);
  if (p < low || p > high) throw new AppError('PRICE_OUT_OF_BAND', { min: m.price(low), max: m.price(high) });
}

/**
 * The worst price a spot market order may fill at: index ± protection (buy: up, sell: down), or
 * undefined without an index. The rest of the order is cancelled by the book (`protection_bound`).
 */
export function spotProtectionTicks(
  host: EnginePort,
  m: MarketUnits,
  side: 'buy' | 'sell',
): bigint | undefined {
  const index = indexTicks(host, m);
  if (index === undefined) return undefined;
  const p = m.config.marketProtectionPpm;
  if (side === 'buy') return (index * (PPM + p)) / PPM;
  const low = (index * (PPM - p) + PPM - 1n) / PPM;
  return low < 1n ? 1n : low;
}

/** The band as decimal strings for clients that show it next to the price field. */
export function bandText(host: EnginePort, m: MarketUnits): { min: string; max: string } | null {
  const index = indexTicks(host, m);
  if (index === undefined) return null;
  const { low, high } = bandOf(m, index);
  return { min: m.price(low), max: m.price(high) };
}
