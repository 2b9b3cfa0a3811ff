// Perpetual-contract formulas, pure and integer-only. Units (see docs/perpetuals.md):
// - price: integer ticks of the market (bigint here); size: integer lots (bigint here)
// - cost: the position's cost basis in tick-lots (sum of ticks*lots of its opening fills), exact
// - money (margin, PnL, fees, funding): quote-asset units at the quote scale (USDC: 6 decimals)
// - rates: integer ppm (parts per million): 0.05% = 500 ppm
// A tick-lot is worth k = tickSize*stepSize*10^quoteScale / 10^(priceScale+qtyScale) quote units,
// carried as the fraction kNum/kDen so nothing is rounded before the final conversion.

import { divRound, type MarketScales, pow10, type Rounding } from '../money.ts';

export const PPM = 1_000_000n;

export type PositionSide = 'long' | 'short';

export interface QuoteUnit {
  kNum: bigint;
  kDen: bigint;
}

export function quoteUnit(m: MarketScales, quoteScale: number): QuoteUnit {
  return { kNum: m.tickSize * m.stepSize * pow10(quoteScale), kDen: pow10(m.priceScale + m.qtyScale) };
}

/** tick-lots -> quote units, rounded once. */
export function toQuote(tickLots: bigint, k: QuoteUnit, rounding: Rounding): bigint {
  return divRound(tickLots * k.kNum, k.kDen, rounding);
}

/** quote units -> tick-lots, rounded once. */
export function fromQuote(amount: bigint, k: QuoteUnit, rounding: Rounding): bigint {
  return divRound(amount * k.kDen, k.kNum, rounding);
}

/**
 * One row of the risk-limit table: positions with notional up to `maxNotional` (quote units,
 * inclusive) use `mmrPpm` and may use leverage up to `maxLeverage`. The last row has no upper bound.
 */
export interface MarginTier {
  maxNotional: bigint;
  maxLeverage: number;
  mmrPpm: bigint;
}

export interface ResolvedTier extends MarginTier {
  index: number;
  /**
   * The maintenance amount (Binance's "cum"), times 10^6 so it stays an exact integer: it makes the
   * maintenance margin continuous where the rate steps up.
   * cum_0 = 0; cum_i = cum_{i-1} + maxNotional_{i-1} * (mmr_i - mmr_{i-1}).
   */
  cumPpm: bigint;
}

export function resolveTiers(tiers: readonly MarginTier[]): ResolvedTier[] {
  const out: ResolvedTier[] = [];
  let cum = 0n;
  tiers.forEach((t, i) => {
    if (i > 0) {
      const prev = tiers[i - 1]!;
      cum += prev.maxNotional * (t.mmrPpm - prev.mmrPpm);
    }
    out.push({ ...t, index: i, cumPpm: cum });
  });
  return out;
}

export function tierFor(tiers: readonly ResolvedTier[], notional: bigint): ResolvedTier {
  for (const t of tiers) if (notional <= t.maxNotional) return t;
  return tiers[tiers.length - 1]!;
}

/** Maintenance margin = notional * mmr - cum, rounded up (the exchange's side). */
export function maintenanceMargin(notional: bigint, tier: ResolvedTier): bigint {
  const v = divRound(notional * tier.mmrPpm - tier.cumPpm, PPM, 'ceil');
  return v < 0n ? 0n : v;
}

/** Initial margin = notional / leverage, rounded up. */
export function initialMargin(notional: bigint, leverage: number): bigint {
  return divRound(notional, BigInt(leverage), 'ceil');
}

/** Fee = notional * rate, rounded up. */
export function fee(notional: bigint, ratePpm: bigint): bigint {
  return divRound(notional * ratePpm, PPM, 'ceil');
}

/** The position's value at `price`, in tick-lots (exact). */
export const valueTickLots = (price: bigint, size: bigint): bigint => price * size;

/** PnL in tick-lots (exact): long gains when the price rises above the average entry. */
export function pnlTickLots(side: PositionSide, size: bigint, cost: bigint, price: bigint): bigint {
  return side === 'long' ? price * size - cost : cost - price * size;
}

/**
 * Unrealised PnL in quote units at `price`, rounded toward -infinity: a gain is never overstated, a
 * loss never understated.
 */
export function unrealisedPnl(side: PositionSide, size: bigint, cost: bigint, price: bigint, k: QuoteUnit) {
  return toQuote(pnlTickLots(side, size, cost, price), k, 'floor');
}

/**
 * The part of the cost basis that closing `qty` of `size` removes. Rounded in the exchange's favour
 * (a long's cost rounds up, a short's proceeds down); the last close takes the whole remainder, so the
 * rounding never leaks.
 */
export function costPortion(side: PositionSide, size: bigint, cost: bigint, qty: bigint): bigint {
  if (qty === size) return cost;
  return divRound(cost * qty, size, side === 'long' ? 'ceil' : 'floor');
}

/**
 * The liquidation price in ticks: where equity = collateral + PnL meets the maintenance margin.
 *   long:  P = (cost*k - C - cum) / (Q*k*(1 - mmr))
 *   short: P = (cost*k + C + cum) / (Q*k*(1 + mmr))
 * with C the collateral (isolated margin, or for cross: wallet + other positions' uPnL - their
 * maintenance margins), Q the size in lots and cost in tick-lots. The tick returned is the first one
 * at which the position is liquidated (equity strictly below maintenance): for a long the highest
 * tick below P, for a short the lowest tick above P. A long whose
 * collateral covers the whole cost has none (0n).
 */
export function liquidationPrice(
  side: PositionSide,
  size: bigint,
  cost: bigint,
  collateral: bigint,
  tier: Pick<ResolvedTier, 'mmrPpm' | 'cumPpm'>,
  k: QuoteUnit,
): bigint {
  if (size <= 0n) return 0n;
  // Multiply everything by kDen*PPM to stay in integers.
  const costTerm = cost * k.kNum * PPM;
  const collTerm = collateral * k.kDen * PPM + tier.cumPpm * k.kDen;
  if (side === 'long') {
    const num = costTerm - collTerm;
    if (num <= 0n) return 0n;
    const den = size * k.kNum * (PPM - tier.mmrPpm);
    // Exactly on a tick, equity equals the maintenance margin there: still safe, one tick lower is not.
    return num % den === 0n ? num / den - 1n : num / den;
  }
  const num = costTerm + collTerm;
  const den = size * k.kNum * (PPM + tier.mmrPpm);
  return num / den + 1n;
}

/**
 * The liquidation price with the tier that applies AT that price: the maintenance rate depends on the
 * notional, which changes with the price, so each tier's candidate is kept only if its notional falls
 * in that tier. (Liquidation itself always uses the tier of the notional at the mark.)
 */
export function liquidationPriceTiered(
  side: PositionSide,
  size: bigint,
  cost: bigint,
  collateral: bigint,
  tiers: readonly ResolvedTier[],
  k: QuoteUnit,
): bigint {
  for (const t of tiers) {
    const p = liquidationPrice(side, size, cost, collateral, t, k);
    if (p <= 0n) continue;
    if (tierFor(tiers, toQuote(p * size, k, 'ceil')).index === t.index) return p;
  }
  const atCost = tierFor(tiers, toQuote(cost, k, 'ceil'));
  return liquidationPrice(side, size, cost, collateral, atCost, k);
}

/**
 * The bankruptcy price in ticks: where equity reaches zero (liquidationPrice with mmr = cum = 0).
 * Rounded against the position (a long's up, a short's down) so closing there never takes more
 * than the collateral.
 */
export function bankruptcyPrice(
  side: PositionSide,
  size: bigint,
  cost: bigint,
  collateral: bigint,
  k: QuoteUnit,
) {
  if (size <= 0n) return 0n;
  const costTerm = cost * k.kNum;
  const collTerm = collateral * k.kDen;
  if (side === 'long') {
    const num = costTerm - collTerm;
    return num <= 0n ? 0n : divRound(num, size * k.kNum, 'ceil');
  }
  return divRound(costTerm + collTerm, size * k.kNum, 'floor');
}

/** Median of three. */
export function median3(a: bigint, b: bigint, c: bigint): bigint {
  if (a > b) [a, b] = [b, a];
  if (b > c) [b, c] = [c, b];
  return a > b ? a : b;
}

export function clamp(v: bigint, lo: bigint, hi: bigint): bigint {
  return v < lo ? lo : v > hi ? hi : v;
}

/**
 * Funding rate per interval (ppm) from the average premium index (ppm), Binance's formula:
 *   rate = clamp(P + clamp(I - P, -band, +band), -cap, +cap)
 * with I the interest rate per interval (0.01% by default) and band 0.05%.
 */
export function fundingRate(
  premiumPpm: bigint,
  interestPpm: bigint,
  bandPpm: bigint,
  capPpm: bigint,
): bigint {
  return clamp(premiumPpm + clamp(interestPpm - premiumPpm, -bandPpm, bandPpm), -capPpm, capPpm);
}

/**
 * The cumulative funding index advances by mark (ticks) * rate (ppm) per interval: it is in
 * tick-ppm per lot, so a position of Q lots owes Q * (index_now - index_then) / 10^6 tick-lots.
 * Longs pay when the index rose, shorts receive.
 */
export function fundingOwed(size: bigint, indexDelta: bigint, k: QuoteUnit, rounding: Rounding): bigint {
  return divRound(size * indexDelta * k.kNum, k.kDen * PPM, rounding);
}

/** Premium of a book price over the index, in ppm of the index (truncated toward zero). */
export function premiumPpm(bookPrice: bigint, index: bigint): bigint {
  return ((bookPrice - index) * PPM) / index;
}

/**
 * Impact notional (ADR 195), quote units: the impact margin x the first tier's maximum leverage
 * (Binance: 200 USDT / the initial margin rate at the maximum leverage). 0 when the market has none.
 */
export function impactNotional(m: {
  impactMarginQuote: bigint;
  resolvedTiers: readonly { maxLeverage: number }[];
}): bigint {
  return m.impactMarginQuote * BigInt(m.resolvedTiers[0]!.maxLeverage);
}

/**
 * Impact price (ADR 195): the average price (ticks) at which a market order for `notional` quote
 * units would fill against `levels` ([price ticks, lots], best first), the last level taken in part.
 * Exact, rounded once against the book: down for the bids, up for the asks. When the levels do not
 * hold that much: undefined, or with `shortfallAt` (ADR 198: the index) the depth there is plus the
 * rest of the notional valued at that price, so a thin side moves the price by its share of the
 * notional only (an empty side gives `shortfallAt` itself). Undefined when `notional` is not positive.
 */
export function impactPrice(
  levels: readonly (readonly [number, number])[],
  notional: bigint,
  quotePerTickLot: bigint,
  side: 'bid' | 'ask',
  shortfallAt?: bigint,
): bigint | undefined {
  if (notional <= 0n) return undefined;
  let left = notional;
  let lots = 0n;
  for (const [p, q] of levels) {
    const price = BigInt(p);
    const levelValue = price * BigInt(q) * quotePerTickLot;
    if (levelValue >= left) {
      // lots filled = lots + left / (price x quotePerTickLot); average = notional / (that x quotePerTickLot).
      return divRound(
        notional * price,
        lots * price * quotePerTickLot + left,
        side === 'bid' ? 'floor' : 'ceil',
      );
    }
    left -= levelValue;
    lots += BigInt(q);
  }
  if (shortfallAt === undefined || shortfallAt <= 0n) return undefined;
  // notional / (lots x quotePerTickLot + left / shortfallAt), as one exact division.
  return divRound(
    notional * shortfallAt,
    lots * shortfallAt * quotePerTickLot + left,
    side === 'bid' ? 'floor' : 'ceil',
  );
}

/**
 * Binance's premium of the impact prices (ppm of the index): (max(0, impact bid - index) -
 * max(0, index - impact ask)) / index. A side the book cannot fill adds nothing.
 */
export function impactPremiumPpm(bid: bigint | undefined, ask: bigint | undefined, index: bigint): bigint {
  const up = bid !== undefined && bid > index ? premiumPpm(bid, index) : 0n;
  const down = ask !== undefined && ask < index ? premiumPpm(ask, index) : 0n;
  return up + down;
}
