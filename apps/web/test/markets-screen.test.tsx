import { webCatalogues } from '@ex/i18n';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LangProvider, useLang } from '../src/app/lang-context.tsx';

const COINS = [
  ['BTC', 'spot', '67234.51', '2.31', '1000000'],
  ['ETH', 'spot', '3456.78', '-1.05', '500000'],
  ['BTC', 'perp', '0.00', '0.00', '0'],
].map(([base, kind, last, change_pct, amount]) => ({
  symbol: `${base}_USDC${kind === 'perp' ? '_PERP' : ''}`,
  base,
  quote: 'USDC',
  kind,
  last,
  change_pct,
  high: last,
  low: last,
  volume: '1',
  amount,
  price_scale: 2,
  qty_scale: 4,
}));

// The screen reads the market list through this hook only; the network is not part of this test.
vi.mock('../src/lib/queries.ts', () => ({
  useCoins: () => ({ data: COINS, isPending: false, isError: false, refetch: async () => ({}) }),
}));

const { default: Transaction } = await import('../src/features/market/routes/Transaction.tsx');

function WithI18n({ children }: { children: React.ReactNode }) {
  const { i18n } = useLang();
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

function open(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/Transaction', Component: Transaction },
      { path: '/DetailPage', Component: () => null },
    ],
    {
      initialEntries: [path],
    },
  );
  render(
    <LangProvider initial="en" catalogue={webCatalogues.en}>
      <WithI18n>
        <RouterProvider router={router} />
      </WithI18n>
    </LangProvider>,
  );
  return router;
}

describe('Markets screen', () => {
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });

  it('stars a pair into the favourites tab (stored on the device)', async () => {
    open('/Transaction');
    const star = await screen.findByRole('button', { name: 'Add to favorites: ETH/USDC' });
    fireEvent.click(star);
    expect(JSON.parse(window.localStorage.getItem('favorites') ?? '[]')).toEqual(['ETH_USDC']);
    const on = screen.getByRole('button', { name: 'Remove from favorites: ETH/USDC' });
    expect(on.getAttribute('aria-pressed')).toBe('true');
    cleanup();
    open('/Transaction?tab=favorites');
    expect(await screen.findByText('ETH')).toBeTruthy();
    expect(screen.queryByText('BTC')).toBeNull();
  });

  it('shows the empty watchlist with an add sheet that saves the picked pairs', async () => {
    open('/Transaction?tab=favorites');
    fireEvent.click(await screen.findByRole('button', { name: /Add favorites/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Choose pairs to follow' });
    await act(async () => {
      fireEvent.click(within(sheet).getAllByText('BTC')[0] as HTMLElement);
    });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Save (1)' }));
    expect(JSON.parse(window.localStorage.getItem('favorites') ?? '[]')).toEqual(['BTC_USDC']);
  });

  it('offers the search history while searching and searches again on a tap', async () => {
    window.localStorage.setItem('search_history', '["ETH","SOL"]');
    open('/Transaction?search=1');
    const history = await screen.findByRole('region', { name: 'Search history' });
    fireEvent.click(within(history).getByRole('button', { name: 'ETH' }));
    expect(screen.queryByText('BTC')).toBeNull();
    expect(screen.getByText('ETH')).toBeTruthy();
    fireEvent.click(screen.getByText('ETH'));
    expect(JSON.parse(window.localStorage.getItem('search_history') ?? '[]')).toEqual(['ETH', 'SOL']);
  });

  it('shows a dash, not 0.00, for a market without trades', async () => {
    open('/Transaction?tab=contract');
    expect(await screen.findByText('--')).toBeTruthy();
  });
});
