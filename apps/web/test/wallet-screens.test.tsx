import type { LedgerEntry } from '@ex/sdk';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from './helpers/screen.tsx';

const BALANCES = {
  spot: [
    { coin: 'USDC', available: '1000.5', frozen: '0' },
    { coin: 'BTC', available: '0.5', frozen: '0' },
    { coin: 'ETH', available: '0', frozen: '0' },
  ],
  // Futures: wallet 120 (100 available + 20 in orders), uPnL -5, cross margin 30.123456 in use, so
  // 100 - 5 - 30.123456 = 64.876544 free (ADR 221); equity 115.
  contract: {
    coin: 'USDC',
    available: '100.000000',
    frozen: '20.000000',
    equity: '115.000000',
    unrealized_pnl: '-5.000000',
    wallet_balance: '120.000000',
    position_margin: '30.123456',
    free_collateral: '64.876544',
  },
};
const COINS = [{ symbol: 'BTC_USDC', base: 'BTC', quote: 'USDC', kind: 'spot', last: '60000' }];
const ENTRIES: LedgerEntry[] = [
  {
    id: 'e1',
    account: 'contract',
    coin: 'USDC',
    type: 'transferIn',
    amount: '100.000000',
    balance_after: '100',
    ref_id: 't1',
    created_at: Date.now() - 120_000,
  },
  {
    id: 'e2',
    account: 'contract',
    coin: 'USDC',
    type: 'positionFee',
    amount: '-5.000000',
    balance_after: '95',
    ref_id: 'o1',
    created_at: Date.now() - 60_000,
  },
];

const ledger = vi.fn();
const balances = vi.fn(async (): Promise<unknown> => BALANCES);
vi.mock('../src/lib/api.ts', () => ({
  api: { wallet: { balances: () => balances(), ledger: (...a: unknown[]) => ledger(...a) } },
}));
vi.mock('../src/lib/queries.ts', () => ({
  useCoins: () => ({ data: COINS, refetch: async () => ({}) }),
  useUserInfo: () => ({ data: undefined, isError: false, refetch: async () => ({}) }),
}));
// No socket in unit tests: the stream is "open", so nothing polls either.
vi.mock('../src/features/stream/hooks.ts', () => ({ useChannel: () => {}, useStreamStatus: () => 'open' }));

const { default: TradingTwo } = await import('../src/features/wallet/routes/TradingTwo.tsx');
const { default: FinancialDetail } = await import('../src/features/wallet/routes/FinancialDetail.tsx');
const { default: My } = await import('../src/features/user/routes/My.tsx');

function open(path: string) {
  return openScreen(
    [
      { path: '/TradingTwo', Component: TradingTwo },
      { path: '/FinancialDetail', Component: FinancialDetail },
      { path: '/My', Component: My },
      { path: '*', Component: () => null },
    ],
    path,
  );
}

describe('ledger screens', () => {
  beforeEach(() => {
    ledger.mockReset();
    ledger.mockImplementation(async (q: { type?: string[] }) => {
      const list = q.type ? ENTRIES.filter((e) => q.type?.includes(e.type)) : ENTRIES;
      return { list, total: list.length, page: 1, limit: 20 };
    });
  });
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });

  it('lists the futures account with localised types and signed, coloured amounts', async () => {
    open('/TradingTwo');
    const fee = (await screen.findByText('Futures fee')).closest('a') as HTMLElement;
    const minus = within(fee).getByText('\u22125.00');
    expect(minus.className).toContain('down');
    const plus = within(screen.getByText('Transfer in').closest('a') as HTMLElement).getByText('+100.00');
    expect(plus.className).toContain('up');
    expect(within(fee).getByText('1 min. ago')).toBeTruthy();
    expect(ledger.mock.calls[0]?.[0]).toMatchObject({ account: 'contract', page: 1, limit: 20 });
  });

  it('filters by type on the server and keeps the filter in the URL', async () => {
    const router = open('/TradingTwo');
    await screen.findByText('Futures fee');
    fireEvent.click(screen.getByRole('button', { name: 'Filter by type: All types' }));
    const sheet = await waitFor(() => document.querySelector('.w-sheet__list') as HTMLElement);
    // The futures account offers only its own types; deposits belong to spot.
    expect(within(sheet).queryByText('Deposit')).toBeNull();
    fireEvent.click(within(sheet).getByText('Transfer out'));
    await waitFor(() => expect(router.state.location.search).toBe('?type=transferOut'));
    await waitFor(() =>
      expect(ledger).toHaveBeenLastCalledWith(
        expect.objectContaining({ type: ['transferOut'] }),
        expect.anything(),
      ),
    );
    expect(await screen.findByText('No records match this filter')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says so when an entry is opened without its list', async () => {
    open('/FinancialDetail?id=unknown');
    expect(await screen.findByText(/no longer on this device/)).toBeTruthy();
  });
});

describe('assets page', () => {
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });

  it('totals spot value and futures equity, and the eye masks every amount (remembered)', async () => {
    open('/My');
    // 1000.5 USDC + 0.5 BTC x 60000 + 115 equity
    expect(await screen.findByText('31,115.50')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide amounts' }));
    expect(screen.queryByText('31,115.50')).toBeNull();
    expect(screen.getAllByText('******').length).toBeGreaterThan(1);
    expect(window.localStorage.getItem('hide_amounts')).toBe('1');
  });

  it('lists spot coins with value in USDC and hides zero balances on request', async () => {
    open('/My?tab=spot');
    const btc = await screen.findByRole('link', { name: 'Records of BTC' });
    expect(btc.getAttribute('href')).toBe('/TradingOne?coin=BTC');
    expect(btc.textContent).toContain('≈\u00a030,000.00\u00a0USDC');
    expect(screen.getByText('ETH')).toBeTruthy();
    fireEvent.click(screen.getByText('Hide zero balances'));
    await waitFor(() => expect(screen.queryByText('ETH')).toBeNull());
    expect(window.localStorage.getItem('hide_zero_balances')).toBe('1');
  });

  it('shows the futures account with a coloured unrealised PnL', async () => {
    open('/My?tab=contract');
    const pnl = await screen.findByText('\u22125.00');
    expect(pnl.className).toContain('down');
    expect(screen.getByText('115.00')).toBeTruthy();
  });

  it('futures card: position margin in use, wallet, order margin and free collateral, all with 2 decimals', async () => {
    open('/My?tab=contract');
    await screen.findByText('115.00');
    const figure = (key: string) => {
      const el = document.querySelector(`.w-contract [data-figure="${key}"]`);
      return [el?.querySelector('dt')?.textContent, el?.querySelector('dd')?.textContent];
    };
    // 64.876544 free: cut to 64.87, not rounded up to a cent that is not there (ADR 222).
    expect(figure('available')).toEqual(['Available', '64.87']);
    expect(figure('pnl')).toEqual(['Unrealised PnL', '\u22125.00']);
    expect(figure('wallet')).toEqual(['Wallet balance', '120.00']);
    expect(figure('position')).toEqual(['Position margin', '30.12']);
    expect(figure('order')).toEqual(['Order margin', '20.00']);
    // One precision on the whole card: no figure with more than 2 decimals (no "64.876544").
    const card = document.querySelector('.w-contract')!;
    for (const n of card.querySelectorAll('.num')) expect(n.textContent).toMatch(/^[+\u2212]?[\d,]+\.\d{2}$/);
    expect(card.querySelectorAll('.num')).toHaveLength(6);
    fireEvent.click(screen.getByRole('button', { name: 'Hide amounts' }));
    for (const n of card.querySelectorAll('.num')) expect(n.textContent).toBe('******');
  });

  it('with open positions the figures follow the mark: refetched every 5 s; without, only on a push', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      open('/My?tab=contract');
      await screen.findByText('115.00');
      const before = balances.mock.calls.length;
      await vi.advanceTimersByTimeAsync(5_100);
      await waitFor(() => expect(balances.mock.calls.length).toBeGreaterThan(before));
      cleanup();
      const flat = { ...BALANCES.contract, position_margin: '0.000000' };
      balances.mockImplementation(async () => ({ ...BALANCES, contract: flat }));
      open('/My?tab=contract');
      await screen.findByText('115.00');
      const calls = balances.mock.calls.length;
      await vi.advanceTimersByTimeAsync(30_000);
      expect(balances.mock.calls.length).toBe(calls);
    } finally {
      balances.mockImplementation(async () => BALANCES);
      vi.useRealTimers();
    }
  });
});
