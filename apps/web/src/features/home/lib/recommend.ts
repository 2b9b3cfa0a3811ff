import type { Coin } from '@ex/sdk';
import { compareDecimal } from '../../../lib/market.ts';

/** Why a market is recommended on Home; the key of its label under `home.reason`. */
export type RecommendReason = 'topVolume' | 'topGainer' | 'topPerp';

export interface Recommendation {
  coin: Coin;
  reason: RecommendReason;
}

interface Rule {
  reason: RecommendReason;
  /** Whether a market may be picked by this rule at all. */
  eligible(c: Coin): boolean;
  /** Better first (negative when `a` is the better pick). */
  order(a: Coin, b: Coin): number;
}

const byTurnover = (a: Coin, b: Coin) => compareDecimal(b.amount, a.amount);

/**
 * The computed recommendation (ADR 241), applied in this order:
 * 1. "Top volume": the highest 24h quote turnover of all markets;
 * 2. "Top gainer": the highest signed 24h change, only a market that did rise (> 0);
 * 3. "Top perpetual": the highest 24h quote turnover of the perpetuals.
 * Each rule takes its best market whose coin (base) no earlier rule took, so no market shows twice
 * and neither does a coin (SOL spot and SOL perpetual are one recommendation); a rule with no
 * market left is skipped (fewer than three cards). Ties go to the symbol first in
 * alphabetical order, so the pick does not depend on the order the server lists the markets.
 * Amounts and changes are decimal strings compared digit by digit (no floats).
 */
const RULES: readonly Rule[] = [
  { reason: 'topVolume', eligible: () => true, order: byTurnover },
  {
    reason: 'topGainer',
    eligible: (c) => compareDecimal(c.change_pct, '0') > 0,
    order: (a, b) => compareDecimal(b.change_pct, a.change_pct),
  },
  { reason: 'topPerp', eligible: (c) => c.kind === 'perp', order: byTurnover },
];

export function pickRecommended(coins: readonly Coin[]): Recommendation[] {
  const taken = new Set<string>(); // base coins already shown
  const out: Recommendation[] = [];
  for (const rule of RULES) {
    let best: Coin | undefined;
    for (const c of coins) {
      if (taken.has(c.base) || !rule.eligible(c)) continue;
      if (!best) {
        best = c;
        continue;
      }
      const cmp = rule.order(c, best);
      if (cmp < 0 || (cmp === 0 && c.symbol < best.symbol)) best = c;
    }
    if (best) {
      taken.add(best.base);
      out.push({ coin: best, reason: rule.reason });
    }
  }
  return out;
}
