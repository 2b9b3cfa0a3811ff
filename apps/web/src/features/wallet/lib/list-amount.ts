import { formatDecimal, formatUsdc, withUnit } from '../../../lib/format.ts';
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

/** `formatListAmount` with its coin after a no-break space ("25.50\u00A0USDC", ADR 272). */
export function formatListAmountWithCoin(value: unknown, coin: string, lang: Lang): string {
  return withUnit(formatListAmount(value, coin, lang), coin);
}

/**
 * A figure the user acts on exactly (a product's min and max, an IEO unit price): at least 2
 * decimals and never rounded, so "10" shows "10.00" and "0.0125" stays "0.0125".
 */
export function formatExactAmount(value: unknown, lang: Lang): string {
  return formatDecimal(value, lang, { minFraction: 2, maxFraction: 18 });
}

/**
 * A product's or an ad's limits, "10.00 – 1,000.00 USDC": exact figures (`formatExactAmount`), the
 * unit bound to the upper one so it never wraps onto a line alone (ADR 272).
 */
export function formatExactRange(low: unknown, high: unknown, coin: string, lang: Lang): string {
  return `${formatExactAmount(low, lang)} – ${withUnit(formatExactAmount(high, lang), coin)}`;
}
