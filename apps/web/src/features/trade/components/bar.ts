import { cmp, div, isPositive, mul } from '../decimal.ts';

/** Width in whole percent (0-100) of a depth bar: qty relative to the largest qty shown. */
export function barPercent(qty: string, maxQty: string): number {
  if (!isPositive(maxQty) || !isPositive(qty)) return 0;
  if (cmp(qty, maxQty) >= 0) return 100;
  const p = div(mul(qty, '100', 12), maxQty, 0) ?? '0';
  const n = BigInt(p);
  return n <= 0n ? 1 : Number(n);
}

export function maxOf(values: string[]): string {
  let best = '0';
  for (const v of values) if (cmp(v, best) > 0) best = v;
  return best;
}
