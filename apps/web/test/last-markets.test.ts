import type { Coin } from '@ex/sdk';
import { describe, expect, it } from 'vitest';
import { readLastMarkets, saveLastMarkets } from '../src/lib/queries.ts';

function memory() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

const coin = { symbol: 'BTC/USDC', last_price: '97000.00' } as unknown as Coin;

describe('last known markets (perceived speed)', () => {
  it('keeps the last list with its time and gives it back on the next start', () => {
    const s = memory();
    expect(readLastMarkets(s)).toBeUndefined();
    saveLastMarkets(s, [coin], 1_000_000);
    expect(readLastMarkets(s)).toEqual({ coins: [coin], at: 1_000_000 });
  });

  it('writes at most every 30 s', () => {
    const s = memory();
    saveLastMarkets(s, [coin], 2_000_000);
    saveLastMarkets(s, [], 2_010_000);
    expect(readLastMarkets(s)?.coins).toEqual([coin]);
    saveLastMarkets(s, [], 2_031_000);
    expect(readLastMarkets(s)?.coins).toEqual([]);
  });

  it('ignores a broken or foreign value instead of failing the start', () => {
    const s = memory();
    s.setItem('last_markets', '{not json');
    expect(readLastMarkets(s)).toBeUndefined();
    s.setItem('last_markets', JSON.stringify({ coins: 'x', at: 1 }));
    expect(readLastMarkets(s)).toBeUndefined();
  });
});
