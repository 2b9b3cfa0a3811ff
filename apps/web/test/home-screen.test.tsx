import { webCatalogues } from '@ex/i18n';
import type { Coin } from '@ex/sdk';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LangProvider, useLang } from '../src/app/lang-context.tsx';

function coin(base: string, last: string, change_pct: string, amount: string): Coin {
  return {
    symbol: `${base}_USDC`,
    base,
    quote: 'USDC',
    kind: 'spot',
    last,
    change_pct,
    high: last,
    low: last,
    volume: '1',
    amount,
    price_scale: 2,
    qty_scale: 4,
  } as Coin;
}

// The market list as the coins query holds it: a store the test updates like an answer or a push.
const market = vi.hoisted(() => {
  let state: { data: unknown; isPending: boolean } = { data: undefined, isPending: true };
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next: { data: unknown; isPending: boolean }) {
      state = next;
      for (const l of listeners) l();
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
});
// Renders of the parts with their own data, and of each market row, by what they show.
const renders = vi.hoisted(() => ({ cards: 0, news: 0, rows: new Map<string, number>() }));

vi.mock('../src/lib/queries.ts', () => ({
  useCoins: () => {
    const s = useSyncExternalStore(market.subscribe, market.get);
    return { ...s, isError: false, refetch: async () => ({}) };
  },
}));
vi.mock('../src/features/community/components/CheckinCard.tsx', () => ({
  CheckinCard: () => {
    renders.cards++;
    return <p>check-in card</p>;
  },
}));
vi.mock('../src/features/community/components/HomeContent.tsx', () => ({
  HomeNotices: () => null,
  UnreadDot: () => null,
  HomeNews: () => {
    renders.news++;
    return <p>news</p>;
  },
}));
vi.mock('../src/features/home/components/Shortcuts.tsx', () => ({ Shortcuts: () => null }));
// Open positions load their own data (test/home-positions.test.tsx).
vi.mock('../src/features/home/components/HomePositions.tsx', () => ({ HomePositions: () => null }));
vi.mock('../src/components/CoinRow.tsx', () => ({
  CoinRowSkeleton: () => <p>loading markets</p>,
  CoinRow: ({ coin: c }: { coin: Coin }) => {
    renders.rows.set(c.symbol, (renders.rows.get(c.symbol) ?? 0) + 1);
    return (
      <p data-testid="row">
        {c.base} {c.last}
      </p>
    );
  },
}));

const { default: Home } = await import('../src/features/home/routes/Home.tsx');

function WithI18n({ children }: { children: React.ReactNode }) {
  const { i18n } = useLang();
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

function open() {
  const router = createMemoryRouter([{ path: '/', Component: Home }], { initialEntries: ['/'] });
  render(
    <LangProvider initial="en" catalogue={webCatalogues.en}>
      <WithI18n>
        <RouterProvider router={router} />
      </WithI18n>
    </LangProvider>,
  );
}

const rows = () => screen.getAllByTestId('row').map((r) => r.textContent);

describe('Home screen', () => {
  beforeEach(() => {
    market.set({ data: undefined, isPending: true });
    renders.cards = 0;
    renders.news = 0;
    renders.rows.clear();
  });
  afterEach(() => cleanup());

  it('shows skeletons, then the headline tickers and the markets by volume, gainers and losers', async () => {
    open();
    expect(screen.getByText('loading markets')).toBeTruthy();
    const btc = coin('BTC', '67234.51', '2.31', '1000000');
    const eth = coin('ETH', '3456.78', '-1.05', '500000');
    const sol = coin('SOL', '150.00', '5.00', '10000');
    act(() => market.set({ data: [sol, eth, btc], isPending: false }));
    expect(await screen.findAllByTestId('row')).toHaveLength(3);
    expect(rows()).toEqual(['BTC 67234.51', 'ETH 3456.78', 'SOL 150.00']);
    // The three headline cards link to their coins, busiest first.
    const cards = screen.getAllByRole('link').filter((a) => a.className === 'ticker');
    expect(cards.map((a) => a.getAttribute('href'))).toEqual([
      '/DetailPage?symbol=BTC_USDC',
      '/DetailPage?symbol=ETH_USDC',
      '/DetailPage?symbol=SOL_USDC',
    ]);
    fireEvent.click(screen.getByRole('tab', { name: 'Gainers' }));
    expect(rows()).toEqual(['SOL 150.00', 'BTC 67234.51', 'ETH 3456.78']);
    fireEvent.click(screen.getByRole('tab', { name: 'Losers' }));
    expect(rows()).toEqual(['ETH 3456.78', 'BTC 67234.51', 'SOL 150.00']);
  });

  it('shows the empty markets text when the list is empty', async () => {
    open();
    act(() => market.set({ data: [], isPending: false }));
    expect(await screen.findByText(webCatalogues.en.home.marketsEmpty)).toBeTruthy();
  });

  it('a ticker update renders only the row that changed, not the cards or the news', async () => {
    open();
    const btc = coin('BTC', '67234.51', '2.31', '1000000');
    const eth = coin('ETH', '3456.78', '-1.05', '500000');
    act(() => market.set({ data: [btc, eth], isPending: false }));
    await screen.findAllByTestId('row');
    const before = { cards: renders.cards, news: renders.news, eth: renders.rows.get('ETH_USDC') };
    const btcRenders = renders.rows.get('BTC_USDC') ?? 0;
    // A push changes BTC's price; ETH keeps its object, as the query's structural sharing does.
    act(() => market.set({ data: [{ ...btc, last: '67300.00' }, eth], isPending: false }));
    expect(await screen.findByText('BTC 67300.00')).toBeTruthy();
    expect(renders.rows.get('BTC_USDC')).toBe(btcRenders + 1);
    expect(renders.rows.get('ETH_USDC')).toBe(before.eth);
    expect(renders.cards).toBe(before.cards);
    expect(renders.news).toBe(before.news);
  });
});
