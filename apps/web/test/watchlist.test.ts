import { describe, expect, it } from 'vitest';
import { formatLastPrice } from '../src/lib/format.ts';
import { filterMarkets } from '../src/lib/market.ts';
import { STORAGE_KEYS } from '../src/lib/storage.ts';
import { MAX_SEARCH_HISTORY, pushSearchHistory, readList, toggleFavorite } from '../src/lib/watchlist.ts';

function storageWith(value: string | null) {
  return { getItem: () => value, setItem: () => {}, removeItem: () => {} };
}

describe('stored lists (favourites, search history)', () => {
  it('use their own storage keys', () => {
    expect(STORAGE_KEYS.favorites).toBe('favorites');
    expect(STORAGE_KEYS.searchHistory).toBe('search_history');
  });

  it('read a JSON array of strings and survive anything else', () => {
    expect(readList(storageWith('["BTC_USDC","ETH_USDC","BTC_USDC"]'), 'k')).toEqual([
      'BTC_USDC',
      'ETH_USDC',
    ]);
    expect(readList(storageWith(null), 'k')).toEqual([]);
    expect(readList(storageWith('not json'), 'k')).toEqual([]);
    expect(readList(storageWith('{"a":1}'), 'k')).toEqual([]);
    expect(readList(storageWith('[1,null,"SOL_USDC",""]'), 'k')).toEqual(['SOL_USDC']);
  });

  it('toggle a favourite on at the end and off again', () => {
    const one = toggleFavorite([], 'BTC_USDC');
    const two = toggleFavorite(one, 'ETH_USDC');
    expect(two).toEqual(['BTC_USDC', 'ETH_USDC']);
    expect(toggleFavorite(two, 'BTC_USDC')).toEqual(['ETH_USDC']);
  });

  it('keep the search history most recent first, unique and short', () => {
    let h: string[] = [];
    h = pushSearchHistory(h, 'btc');
    h = pushSearchHistory(h, ' eth ');
    h = pushSearchHistory(h, 'BTC');
    h = pushSearchHistory(h, '   ');
    expect(h).toEqual(['BTC', 'ETH']);
    for (let i = 0; i < 20; i++) h = pushSearchHistory(h, `C${i}`);
    expect(h).toHaveLength(MAX_SEARCH_HISTORY);
    expect(h[0]).toBe('C19');
  });
});

describe('market search', () => {
  const coins = [
    { symbol: 'BTC_USDC', base: 'BTC', quote: 'USDC' },
    { symbol: 'ETH_USDC', base: 'ETH', quote: 'USDC' },
  ] as unknown as Parameters<typeof filterMarkets>[0];

  it('matches the pair however it is typed', () => {
    for (const q of ['btc', 'BTC/USDC', 'btc usdc', 'BTC_USDC', 'btc-usdc']) {
      expect(filterMarkets(coins, q).map((c) => c.symbol)).toEqual(['BTC_USDC']);
    }
    expect(filterMarkets(coins, '  ')).toHaveLength(2);
    expect(filterMarkets(coins, 'xrp')).toEqual([]);
  });
});

describe('formatLastPrice', () => {
  it('shows a dash for a market that has not traded (last = 0), the price otherwise', () => {
    expect(formatLastPrice('0.00', 2, 'de')).toBe('--');
    expect(formatLastPrice('0', 2, 'en')).toBe('--');
    expect(formatLastPrice(undefined, 2, 'en')).toBe('--');
    expect(formatLastPrice('1234.5', 2, 'de')).toBe('1.234,50');
    expect(formatLastPrice('0.000001', 6, 'en')).toBe('0.000001');
  });
});
