import { formatDecimal, formatUsdc } from '../../../lib/format.ts';
import type { Lang } from '../../../lib/lang.ts';
import { assetDecimals } from './amount.ts';

// How the earn and history lists (/RedPlan, /AIHis, /DefnHis, /IEOHis, /OTCHis, /NewB, /OTC) show
// money (ADR 238, DESIGN.md "Numbers"). Confirmations of a money move and detail screens keep the
// full precision of `formatDecimal`.

/**
 * An amount in a list row or card: USDC in 2 decimals (`formatUsdc`, "25.50", de "25,50"); any
 * other coin in its own precision with at least 2 decimals, as the wallet's CoinAmount shows it.
 */
export function formatListAmount(value: unknown, coin: string, lang: Lang): string {
  if (coin === 'USDC') return formatUsdc(value, lang);
  return formatDecimal(value, lang, { minFraction: 2, maxFraction: assetDecimals(coin) });
}

/**
 * A figure the user acts on exactly (a product's min and max, an IEO unit price): at least 2
 * decimals and never rounded, so "10" shows "10.00" and "0.0125" stays "0.0125".
 */
export function formatExactAmount(value: unknown, lang: Lang): string {
  return formatDecimal(value, lang, { minFraction: 2, maxFraction: 18 });
}
