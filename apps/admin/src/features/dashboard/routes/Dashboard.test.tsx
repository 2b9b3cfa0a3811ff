import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json, mountPage, ok } from '../../../test/console.tsx';
import { Dashboard } from './Dashboard.tsx';

/** The public market list, for each market's step precision (only the fields the dashboard reads). */
const MARKETS = [
  { symbol: 'BTC_USDC', qty_scale: 5 },
  { symbol: 'BTC_USDC_PERP', qty_scale: 5 },
  { symbol: 'ETH_USDC', qty_scale: 4 },
];

const DATA = {
  users: { total: 1234, today: 5, banned: 2 },
  deposits_today: { count: 3, amount: '1500.250000' },
  withdrawals_today: { count: 1, amount: '20.000000' },
  pending_reviews: { withdrawals: 4, kyc: 6 },
  volume_24h: [
    { symbol: 'BTC_USDC', base_volume: '1234.5', quote_volume: '120000.125000' },
    // No trades yet: the server sends a bare "0".
    { symbol: 'ETH_USDC', base_volume: '0', quote_volume: '0' },
  ],
  open_interest: [{ symbol: 'BTC_USDC_PERP', quantity: '7.50000' }],
  insurance_fund: '99999.999999',
  treasury: [
    { purpose: 'flash', coin: 'USDC', available: '10.009000', low: true },
    { purpose: 'otc', coin: 'BTC', available: '0.00012000', low: false },
  ],
  engine: { db_ok: true, journal_length: 42, paused_markets: ['ETH_USDC'], stale_index: ['SOL_USDC_PERP'] },
  ts: Date.UTC(2030, 0, 1),
};

describe('<Dashboard/>', () => {
  beforeEach(() => {
    fakeServer((s) =>
      s.url === '/api/admin/dashboard'
        ? ok(DATA)
        : s.url.startsWith('/api/app/market/coins')
          ? ok(MARKETS)
          : ok(null),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('counts every queue an operator decides on: stakes, OTC orders and open tickets too', async () => {
    const page = (total: number) => ok({ list: [], total, page: 1, limit: 1 });
    const sent = fakeServer((s) => {
      if (s.url === '/api/admin/dashboard') return ok(DATA);
      if (s.url.startsWith('/api/admin/staking/stakes')) return page(3);
      if (s.url.startsWith('/api/admin/otc/orders')) return page(1);
      if (s.url.startsWith('/api/admin/support/tickets'))
        return json(500, { code: 500, data: null, message: 'Internal error' });
      return s.url.startsWith('/api/app/market/coins') ? ok(MARKETS) : ok(null);
    });
    mountPage('/dashboard', <Dashboard />);
    expect((await screen.findByText('Stakes: 3')).closest('a')?.getAttribute('href')).toBe(
      '/earn?tab=staking',
    );
    expect(screen.getByText('OTC orders: 1').closest('a')?.getAttribute('href')).toBe('/otc');
    // A queue that could not be read says so, not 0.
    expect(await screen.findByText('Open tickets: ?')).toBeTruthy();
    const query = (path: string) =>
      new URL(sent.find((s) => s.url.startsWith(path))!.url, 'http://x').searchParams.get('status');
    expect(query('/api/admin/staking/stakes')).toBe('review');
    expect(query('/api/admin/otc/orders')).toBe('review');
    expect(query('/api/admin/support/tickets')).toBe('open');
  });

  it('shows USDC with 2 decimals and quantities with their step precision, grouped (DESIGN.md)', async () => {
    mountPage('/dashboard', <Dashboard />);
    expect(await screen.findByText('Withdrawals: 4')).toBeTruthy();
    expect(screen.getByText('KYC: 6')).toBeTruthy();
    // Sums of the day round half up; balances are cut (the fund never shows 100,000.00).
    expect(screen.getByText('1,500.25')).toBeTruthy();
    expect(screen.getByText('20.00')).toBeTruthy();
    // How many the sum is made of, named.
    expect(screen.getByText('· 3 deposits')).toBeTruthy();
    expect(screen.getByText('· 1 withdrawal')).toBeTruthy();
    expect(screen.getByText('99,999.99')).toBeTruthy();
    expect(screen.getByText('120,000.13')).toBeTruthy();
    expect(screen.getByText('10.00')).toBeTruthy();
    // A coin other than USDC keeps its small balance visible.
    expect(screen.getByText('0.00012')).toBeTruthy();
    expect(await screen.findByText('1,234.50000')).toBeTruthy();
    expect(screen.getByText('0.0000')).toBeTruthy();
    expect(screen.getByText('7.50000')).toBeTruthy();
    expect(screen.getAllByText('ETH_USDC')).toHaveLength(2);
    // A treasury's purpose in words, not the API's code.
    expect(screen.getByText('Flash exchange')).toBeTruthy();
    expect(screen.getByText('OTC payouts')).toBeTruthy();
    expect(screen.queryByText('flash')).toBeNull();
    expect(screen.getByText('Journal: 42 commands')).toBeTruthy();
    expect(screen.getByText('Stale SOL_USDC_PERP')).toBeTruthy();
    expect(screen.getByText('Insurance fund (USDC)')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\d\.\d{6}\b/);
  });
});
