// The walk at 375 px in French: the perpetual's mark price and funding rate ran together in one
// sentence that broke into three ragged lines ("Prix de marque 97 482,93 ·" / "Taux de financement" /
// "+0,0100 %"). Now each is a line of its own, label then figure, and a figure never splits.
import { webCatalogues } from '@ex/i18n';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from './helpers/screen.tsx';

const PERP = {
  symbol: 'BTC_USDC_PERP',
  base: 'BTC',
  quote: 'USDC',
  kind: 'perp',
  last: '97481.40',
  change_pct: '0.86',
  high: '97549.23',
  low: '96350.15',
  volume: '310.1',
  amount: '30120000',
  price_scale: 2,
  qty_scale: 4,
};

vi.mock('../src/lib/queries.ts', () => ({
  useCoins: () => ({ data: [PERP], isPending: false, isError: false, refetch: async () => ({}) }),
}));
vi.mock('../src/features/stream/hooks.ts', () => ({
  useTicker: () => undefined,
  useKline: () => ({ data: [] }),
  useDepth: () => ({ data: undefined }),
  useTrades: () => ({ data: undefined }),
}));
vi.mock('../src/features/stream/StreamBanner.tsx', () => ({ StreamBanner: () => null }));
vi.mock('../src/features/detail/components/CandleChart.tsx', () => ({ CandleChart: () => null }));
vi.mock('../src/features/trade/api/contract.ts', () => ({
  useFunding: () => ({ data: { mark_price: '97482.93', rate: '0.0001' } }),
}));

const { default: DetailPage } = await import('../src/features/detail/routes/DetailPage.tsx');

describe('/DetailPage of a perpetual', () => {
  afterEach(() => cleanup());

  it.each([
    ['fr', '97\u202f482,93', '+0,0100\u00a0%'],
    ['zh_CN', '97,482.93', '+0.0100%'],
  ] as const)('%s: mark price and funding rate each on a line of their own', async (lang, mark, rate) => {
    const tr = webCatalogues[lang];
    openScreen([{ path: '/DetailPage', Component: DetailPage }], '/DetailPage?symbol=BTC_USDC_PERP', {
      lang,
    });
    const rows = [...(await screen.findByTestId('detail-funding')).children].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]);
    expect(rows).toEqual([
      [tr.trade.markPrice, mark],
      [tr.detail.funding, rate],
    ]);
  });
});
