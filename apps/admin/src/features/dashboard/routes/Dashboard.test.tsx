import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, mountPage, ok } from '../../../test/console.tsx';
import { Dashboard } from './Dashboard.tsx';

const DATA = {
  users: { total: 1234, today: 5, banned: 2 },
  deposits_today: { count: 3, amount: '1500.250000' },
  withdrawals_today: { count: 1, amount: '20.000000' },
  pending_reviews: { withdrawals: 4, kyc: 6 },
  volume_24h: [{ symbol: 'BTC_USDC', base_volume: '1.23450', quote_volume: '120000.120000' }],
  open_interest: [{ symbol: 'BTC_USDC_PERP', quantity: '7.5000' }],
  insurance_fund: '99999.999999',
  treasury: [{ purpose: 'flash', coin: 'USDC', available: '10.000000', low: true }],
  engine: { db_ok: true, journal_length: 42, paused_markets: ['ETH_USDC'], stale_index: ['SOL_USDC_PERP'] },
  ts: Date.UTC(2030, 0, 1),
};

describe('<Dashboard/>', () => {
  beforeEach(() => {
    fakeServer((s) => (s.url === '/api/admin/dashboard' ? ok(DATA) : ok(null)));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('shows every figure as the server sent it (decimal strings untouched)', async () => {
    mountPage('/dashboard', <Dashboard />);
    expect(await screen.findByText('Withdrawals: 4')).toBeTruthy();
    expect(screen.getByText('KYC: 6')).toBeTruthy();
    expect(screen.getByText('120000.120000')).toBeTruthy();
    expect(screen.getByText('7.5000')).toBeTruthy();
    expect(screen.getByText('ETH_USDC')).toBeTruthy();
    expect(screen.getByText('Journal: 42 commands')).toBeTruthy();
    expect(screen.getByText('stale SOL_USDC_PERP')).toBeTruthy();
    expect(screen.getByText('10.000000')).toBeTruthy();
    expect(screen.getByText('Insurance fund (USDC)')).toBeTruthy();
  });
});
