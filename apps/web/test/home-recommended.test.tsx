import { webCatalogues } from '@ex/i18n';
import type { Coin } from '@ex/sdk';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LangProvider, useLang } from '../src/app/lang-context.tsx';
import { Recommended } from '../src/features/home/components/Recommended.tsx';
import { pickRecommended } from '../src/features/home/lib/recommend.ts';

function coin(symbol: string, change_pct: string, amount: string, extra: Partial<Coin> = {}): Coin {
  const [base = symbol, quote = 'USDC'] = symbol.split('_');
  return {
    symbol,
    base,
    quote,
    kind: 'spot',
    last: '1.5',
    change_pct,
    high: '1',
    low: '1',
    volume: '1',
    amount,
    price_scale: 2,
    qty_scale: 4,
    tick_size: '0.01',
    step_size: '0.0001',
    min_qty: '0.0001',
    max_qty: '1000',
    min_notional: '1',
    ...extra,
  } as Coin;
}
const perp = (symbol: string, change: string, amount: string, extra: Partial<Coin> = {}) =>
  coin(symbol, change, amount, { kind: 'perp', ...extra });

const picked = (coins: Coin[]) => pickRecommended(coins).map((r) => `${r.reason}:${r.coin.symbol}`);

describe('pickRecommended (ADR 241)', () => {
  it('picks the top volume, the top gainer and the most traded perpetual', () => {
    const coins = [
      coin('ETH_USDC', '1.20', '500000'),
      coin('BTC_USDC', '2.31', '9000000'),
      coin('SOL_USDC', '8.5', '20000'),
      perp('BTC_USDC_PERP', '-0.4', '7000000'),
      perp('ETH_USDC_PERP', '3.1', '800000'),
    ];
    // The busiest perpetual is BTC's, but BTC is shown already: the next perpetual of another coin.
    expect(picked(coins)).toEqual(['topVolume:BTC_USDC', 'topGainer:SOL_USDC', 'topPerp:ETH_USDC_PERP']);
  });

  it('shows a coin once, even when its spot and perpetual market both qualify', () => {
    const coins = [
      coin('SOL_USDC', '1', '900'),
      perp('SOL_USDC_PERP', '2', '800'),
      coin('ETH_USDC', '-1', '10'),
    ];
    expect(picked(coins)).toEqual(['topVolume:SOL_USDC']);
    expect(picked([...coins, perp('ETH_USDC_PERP', '0.5', '1')])).toEqual([
      'topVolume:SOL_USDC',
      'topGainer:ETH_USDC_PERP',
    ]);
  });

  it('compares decimals exactly, not as text or floats (9.5 < 10.25, 0.30000000000000004 > 0.3)', () => {
    const coins = [coin('A_USDC', '9.5', '0.3'), coin('B_USDC', '10.25', '0.30000000000000004')];
    expect(picked(coins)).toEqual(['topVolume:B_USDC', 'topGainer:A_USDC']);
  });

  it('a market that qualifies twice shows once; the later rule takes its next best', () => {
    // BTC is both the busiest and the best gainer; the busiest perp is also the busiest market.
    const coins = [
      coin('BTC_USDC', '9', '100'),
      coin('ETH_USDC', '4', '50'),
      coin('DOGE_USDC', '-3', '70'),
      perp('XRP_USDC_PERP', '1', '200'),
      perp('ADA_USDC_PERP', '-1', '10'),
    ];
    expect(picked(coins)).toEqual(['topVolume:XRP_USDC_PERP', 'topGainer:BTC_USDC', 'topPerp:ADA_USDC_PERP']);
    const twice = [coin('BTC_USDC', '9', '100'), coin('ETH_USDC', '4', '50')];
    expect(picked(twice)).toEqual(['topVolume:BTC_USDC', 'topGainer:ETH_USDC']);
  });

  it('breaks ties by symbol, whatever order the server lists the markets in', () => {
    const a = [coin('ZEC_USDC', '5', '100'), coin('ADA_USDC', '5', '100'), coin('LTC_USDC', '5', '100')];
    expect(picked(a)).toEqual(['topVolume:ADA_USDC', 'topGainer:LTC_USDC']);
    expect(picked([...a].reverse())).toEqual(['topVolume:ADA_USDC', 'topGainer:LTC_USDC']);
    const perps = [perp('B_USDC_PERP', '0', '7'), perp('A_USDC_PERP', '0', '7')];
    expect(picked(perps)).toEqual(['topVolume:A_USDC_PERP', 'topPerp:B_USDC_PERP']);
  });

  it('with fewer than three markets, or no riser and no perpetual, shows fewer cards, never an empty list', () => {
    expect(picked([])).toEqual([]);
    expect(picked([coin('BTC_USDC', '2', '100')])).toEqual(['topVolume:BTC_USDC']);
    // Nothing rose (0 and negative changes are no "gainer"), no perpetual listed.
    expect(
      picked([coin('BTC_USDC', '-2', '100'), coin('ETH_USDC', '0', '50'), coin('SOL_USDC', '-0.00', '1')]),
    ).toEqual(['topVolume:BTC_USDC']);
    // A market without turnover is still the busiest when it is the only one.
    expect(picked([perp('BTC_USDC_PERP', '0', '0')])).toEqual(['topVolume:BTC_USDC_PERP']);
  });
});

function WithI18n({ children }: { children: React.ReactNode }) {
  const { i18n } = useLang();
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

function show(coins: Coin[] | undefined, lang: 'en' | 'de' = 'en') {
  const router = createMemoryRouter([{ path: '/', element: <Recommended coins={coins} /> }]);
  render(
    <LangProvider initial={lang} catalogue={webCatalogues[lang]}>
      <WithI18n>
        <RouterProvider router={router} />
      </WithI18n>
    </LangProvider>,
  );
}

describe('Recommended cards on Home', () => {
  afterEach(() => cleanup());

  it('renders one card per pick: reason, pair, price in tick precision, signed change; links to the coin', () => {
    show([
      coin('BTC_USDC', '2.3', '9000000', { last: '67234.5' }),
      coin('SOL_USDC', '8.5', '20000', { last: '150', price_scale: 3 }),
      perp('ETH_USDC_PERP', '-1.05', '800000', { last: '3456.78' }),
    ]);
    const cards = screen.getAllByRole('link');
    expect(cards.map((a) => a.getAttribute('href'))).toEqual([
      '/DetailPage?symbol=BTC_USDC',
      '/DetailPage?symbol=SOL_USDC',
      '/DetailPage?symbol=ETH_USDC_PERP',
    ]);
    const [btc, sol, eth] = cards.map((c) => within(c));
    expect(btc?.getByText('Top volume')).toBeTruthy();
    expect(btc?.getByText('BTC').className).toBe('rec-card__base');
    expect(btc?.getByText('/USDC').className).toBe('rec-card__quote');
    expect(btc?.getByText('67,234.50')).toBeTruthy();
    expect(btc?.getByText('+2.30%').className).toContain('pill--up');
    expect(sol?.getByText('Top gainer')).toBeTruthy();
    expect(sol?.getByText('150.000')).toBeTruthy();
    expect(eth?.getByText('Top perpetual')).toBeTruthy();
    expect(eth?.getByText('Perp')).toBeTruthy();
    expect(eth?.getByText('\u22121.05%').className).toContain('pill--down');
  });

  it('shows skeleton cards while the markets load and the empty text only without markets', () => {
    show(undefined);
    expect(screen.getByRole('status', { name: webCatalogues.en.common.loading })).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    show([]);
    expect(screen.getByText(webCatalogues.en.home.recommendedEmpty)).toBeTruthy();
  });

  it('labels the reasons in the chosen language', () => {
    show([coin('BTC_USDC', '2', '10'), coin('ETH_USDC', '3', '5')], 'de');
    expect(screen.getByText(webCatalogues.de.home.reason.topVolume)).toBeTruthy();
    expect(screen.getByText(webCatalogues.de.home.reason.topGainer)).toBeTruthy();
  });
});
