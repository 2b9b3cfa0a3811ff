import { withUnit } from '../../../lib/format.ts';
import type { Lang } from '../../../lib/lang.ts';
import { formatExactAmount } from '../../wallet/lib/list-amount.ts';

/**
 * The project's price range is the operator's free text (ADR 271); the seed and most operators
 * write a figure or two and a coin ("0.5 USDC", "0.4-0.6 USDC"), which then reads in the
 * language's numbers like the unit price above it (fr "0,50 USDC", not "0.5 USDC"). Anything else
 * shows as written.
 */
export function formatPriceRange(text: string, lang: Lang): string {
  const m = /^\s*(\d+(?:\.\d+)?)(?:\s*[-–~]\s*(\d+(?:\.\d+)?))?\s*([A-Z][A-Z0-9]{1,9})?\s*$/.exec(text);
  if (!m) return text.trim() || '--';
  const [, low, high, coin] = m;
  const range = high
    ? `${formatExactAmount(low, lang)} – ${formatExactAmount(high, lang)}`
    : formatExactAmount(low, lang);
  return withUnit(range, coin);
}
