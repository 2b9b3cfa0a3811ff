import { webCatalogues } from '@ex/i18n';
import type { Position } from '@ex/sdk';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LangProvider, useLang } from '../src/app/lang-context.tsx';
import { btcPerpPosition } from './perp-coin.ts';

// Home's "open positions" section showed its empty text even with open futures positions (the
// demo account has two): it now lists them from the positions query, PnL signed and coloured.

const positions = vi.hoisted(() => ({ state: { data: undefined as unknown, isPending: true } }));
vi.mock('@tanstack/react-query', async (actual) => ({
  ...(await actual<typeof import('@tanstack/react-query')>()),
  useQuery: () => positions.state,
}));

const { HomePositions, HOME_POSITIONS_KEY } = await import(
  '../src/features/home/components/HomePositions.tsx'
);
const { streamKeys } = await import('../src/features/stream/hooks.ts');

function position(over: Partial<Position>): Position {
  return btcPerpPosition({
    size: '0.02000',
    entry_price: '97028.20',
    mark_price: '96961.20',
    liquidation_price: '0',
    margin: '193.92',
    unrealized_pnl: '-1.34',
    pnl_rate: '-0.69',
    adl_lights: 2,
    ...over,
  });
}

function WithI18n({ children }: { children: React.ReactNode }) {
  const { i18n } = useLang();
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

function open(lang: 'en' | 'de' = 'en') {
  const router = createMemoryRouter([{ path: '/', Component: HomePositions }], { initialEntries: ['/'] });
  render(
    <LangProvider initial={lang} catalogue={webCatalogues[lang]}>
      <WithI18n>
        <RouterProvider router={router} />
      </WithI18n>
    </LangProvider>,
  );
}

describe('Home open positions', () => {
  beforeEach(() => {
    localStorage.setItem('token', 't');
    positions.state = { data: undefined, isPending: true };
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('lists each open position with side, pair, leverage and signed, coloured PnL, linking to its market', () => {
    positions.state = {
      isPending: false,
      data: [
        position({}),
        position({
          symbol: 'ETH_USDC_PERP',
          side: 'short',
          leverage: 5,
          unrealized_pnl: '12.5',
          pnl_rate: '0.88',
        }),
      ],
    };
    open();
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/ContractOpe?symbol=BTC_USDC_PERP',
      '/ContractOpe?symbol=ETH_USDC_PERP',
    ]);
    expect(links[0]?.textContent).toContain('Long');
    expect(links[0]?.textContent).toContain('BTC/USDC');
    expect(links[0]?.textContent).toContain('Cross 10x');
    const loss = screen.getByText('\u22121.34 USDC');
    expect(loss.className).toContain('home-pos--down');
    expect(links[1]?.textContent).toContain('Short');
    const gain = screen.getByText('+12.50 USDC');
    expect(gain.className).toContain('home-pos--up');
    expect(screen.queryByText(webCatalogues.en.home.positionsEmpty)).toBeNull();
  });

  it('writes amounts in the chosen language and a PnL rounding to zero neutral, never -0', () => {
    positions.state = { isPending: false, data: [position({ unrealized_pnl: '-0.001', pnl_rate: '0' })] };
    open('de');
    const flat = screen.getByText('0,00 USDC');
    expect(flat.className).toContain('home-pos--flat');
  });

  it("shares the futures screen's positions query", () => {
    expect(HOME_POSITIONS_KEY).toEqual(streamKeys.positions);
  });

  it('shows at most three positions', () => {
    positions.state = {
      isPending: false,
      data: ['BTC', 'ETH', 'SOL', 'XRP'].map((b) => position({ symbol: `${b}_USDC_PERP` })),
    };
    open();
    expect(screen.getAllByRole('link')).toHaveLength(3);
  });

  it('shows skeleton rows while loading and the empty text without positions or when signed out', () => {
    open();
    expect(screen.getByRole('status')).toBeTruthy();
    cleanup();
    positions.state = { isPending: false, data: [] };
    open();
    expect(screen.getByText(webCatalogues.en.home.positionsEmpty)).toBeTruthy();
    cleanup();
    localStorage.clear();
    positions.state = { isPending: true, data: undefined };
    open();
    expect(screen.getByText(webCatalogues.en.home.positionsEmpty)).toBeTruthy();
  });
});
