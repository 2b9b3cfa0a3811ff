import type { Coin } from '@ex/sdk';

/**
 * Orders markets by a decimal-string field without floats: the comparison is done on the decimal
 * digits (sign, integer length, then digit by digit), which is exact for any precision.
 */
export function compareDecimal(a: string, b: string): number {
  const neg = (s: string) => s.startsWith('-') && /[1-9]/.test(s);
  const na = neg(a);
  const nb = neg(b);
  if (na !== nb) return na ? -1 : 1;
  const abs = (s: string) => {
    const [i = '0', f = ''] = s.replace(/^[+-]/, '').split('.');
    return [i.replace(/^0+(?=\d)/, ''), f.replace(/0+$/, '')] as const;
  };
  const [ia, fa] = abs(a);
  const [ib, fb] = abs(b);
  let cmp = ia.length - ib.length || (ia < ib ? -1 : ia > ib ? 1 : 0);
  if (cmp === 0) {
    const len = Math.max(fa.length, fb.length);
    const pa = fa.padEnd(len, '0');
    const pb = fb.padEnd(len, '0');
    cmp = pa < pb ? -1 : pa > pb ? 1 : 0;
  }
  return na ? -cmp : cmp;
}

export type MarketSort = 'hot' | 'gainers' | 'losers';

export function sortMarkets(coins: readonly Coin[], sort: MarketSort): Coin[] {
  const list = [...coins];
  if (sort === 'hot') return list.sort((a, b) => compareDecimal(b.amount, a.amount));
  if (sort === 'gainers') return list.sort((a, b) => compareDecimal(b.change_pct, a.change_pct));
  return list.sort((a, b) => compareDecimal(a.change_pct, b.change_pct));
}

/** Search over pairs: "btc", "BTC/USDC", "btc usdc" and "BTC_USDC" all find BTC/USDC. */
export function filterMarkets(coins: readonly Coin[], query: string): Coin[] {
  const q = query
    .trim()
    .toUpperCase()
    .replace(/[/_\s-]/g, '');
  if (!q) return [...coins];
  return coins.filter((c) => `${c.base}${c.quote}`.includes(q));
}
