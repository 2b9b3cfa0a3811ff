import { formatDecimal, formatUsdc } from '../../lib/format.ts';
import type { Lang } from '../../lib/lang.ts';
import { cmp, isValid } from './decimal.ts';

/**
 * An estimated fee as the order's confirmation says it, in its sentence and in its table alike:
 * 2 decimals ("0.19"), and only a fee under a cent keeps its digits ("0.001"), so the sheet never
 * reads "a fee of about 0.19 USDC" above "≈ 0.194183 USDC", nor "about 0.00" for a 5 USDC order.
 */
export function formatEstFee(fee: string | null | undefined, lang: Lang): string {
  if (typeof fee === 'string' && isValid(fee) && cmp(fee, '0') > 0 && cmp(fee, '0.005') < 0)
    return formatDecimal(fee, lang, { minFraction: 2, maxFraction: 6 });
  return formatUsdc(fee, lang);
}
