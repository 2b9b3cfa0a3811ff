// ADR 153/155/156: the contract screen says when a market's index is stale (banner in the user's
// language, order buttons off) and the funding rate reads "—" until it is known, never 0.0000 %.

import { webCatalogues } from '@ex/i18n';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from './helpers/screen.tsx';
import { BTC_PERP_COIN } from './perp-coin.ts';

const COIN = BTC_PERP_COIN;

const funding = {
  rate: '0.000100' as string | null,
  next_funding_time: Date.now() + 3_600_000,
  mark_price: '97000.00',
  index_price: '97000.00',
  index_stale: false,
};

const idle = { mutate: vi.fn(), mutateAsync: vi.fn(), isPending: false };
vi.mock('../src/lib/queries.ts', () => ({
  useCoins: () => ({ data: [COIN], isPending: false, isError: false, refetch: async () => ({}) }),
}));
vi.mock('../src/features/trade/api/contract.ts', () => ({
  useFunding: () => ({ data: { ...funding } }),
  useLeverages: () => ({ data: { values: [1, 5, 10, 20], by_symbol: { BTC_USDC_PERP: [1, 5, 10, 20] } } }),
  usePositions: () => ({ data: [] }),
  useOpenContractOrders: () => ({ data: { list: [], total: 0 } }),
  usePlaceContractOrder: () => idle,
  useCancelContractOrder: () => idle,
  useAmendContractOrder: () => idle,
  useCancelAllContract: () => idle,
  useSetLeverage: () => idle,
  useAdjustMargin: () => idle,
  useSetTpsl: () => idle,
  useClosePosition: () => idle,
}));
vi.mock('../src/features/trade/api/position-mode.ts', () => ({
  usePositionMode: () => ({ data: { mode: 'hedge', can_change: true }, refetch: async () => ({}) }),
  useSetPositionMode: () => idle,
}));
vi.mock('../src/features/trade/api/spot.ts', () => ({
  useBalances: () => ({
    data: { spot: [], contract: { coin: 'USDC', available: '1000', frozen: '0', free_collateral: '1000' } },
  }),
}));
vi.mock('../src/features/stream/hooks.ts', () => ({
  useDepth: () => ({ data: { bids: [['96990.00', '1']], asks: [['97010.00', '1']], seq: 1, ts: 0 } }),
  useTicker: () => {},
  usePrivateStreams: () => {},
  useStreamStatus: () => 'open',
  // The TP/SL sheet refreshes the positions under this key when it opens.
  streamKeys: { positions: ['contract', 'positions'] },
}));
vi.mock('../src/features/stream/StreamBanner.tsx', () => ({ StreamBanner: () => null }));

const { default: ContractOpe } = await import('../src/features/trade/routes/ContractOpe.tsx');

function open(lang: 'en' | 'de' | 'zh_CN') {
  openScreen([{ path: '/ContractOpe', Component: ContractOpe }], '/ContractOpe?symbol=BTC_USDC_PERP', {
    lang,
  });
}

const buttons = () =>
  screen.getAllByRole('button').filter((b) => b.className.includes('action-btn')) as HTMLButtonElement[];

describe('contract screen and a stale index', () => {
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    funding.index_stale = false;
    funding.rate = '0.000100';
  });

  it('fresh index: no banner, the order buttons work, the rate reads in percent', async () => {
    window.localStorage.setItem('token', 'x');
    open('en');
    expect(await screen.findByText('+0.0100%', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(buttons().length).toBe(2);
    for (const b of buttons()) expect(b.disabled).toBe(false);
  });

  it('stale index: a banner in the user language and both order buttons off', async () => {
    window.localStorage.setItem('token', 'x');
    funding.index_stale = true;
    open('de');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(webCatalogues.de.trade.indexStaleTag);
    expect(alert.textContent).toContain('keinen aktuellen Indexpreis');
    expect(buttons().length).toBe(2);
    for (const b of buttons()) expect(b.disabled).toBe(true);
    cleanup();
    open('zh_CN');
    expect((await screen.findByRole('alert')).textContent).toContain('暂无最新指数价格');
  });

  it('no rate yet (no index price): "—", not 0.0000 %', async () => {
    funding.rate = null;
    open('en');
    const label = await screen.findByText(webCatalogues.en.trade.funding);
    expect(label.parentElement?.textContent).toContain('—');
    expect(label.parentElement?.textContent).not.toContain('0.0000');
  });
});
