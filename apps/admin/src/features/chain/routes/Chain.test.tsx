import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, mountPage, ok } from '../../../test/console.tsx';
import { Chain } from './Chain.tsx';

const DEPOSIT = {
  id: '1',
  txid: '331ef173b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7',
  address: 'TW1u3BkYqLp9XyZ8uV7tS6rQ5pO4nKk3F9b',
  amount: '1500.000000',
  user_id: '1001',
  status: 'received',
  created_at: Date.UTC(2030, 0, 1),
};

describe('<Chain/>', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it("a credited deposit's user opens that user's drawer; an unmatched one says None", async () => {
    fakeServer(() =>
      ok({
        list: [DEPOSIT, { ...DEPOSIT, id: '2', user_id: null, status: 'failed' }],
        total: 2,
        page: 1,
        limit: 20,
      }),
    );
    mountPage('/chain', <Chain />);
    const link = await screen.findByRole('link', { name: '1001' });
    expect(link.getAttribute('href')).toBe('/users?user=1001');
    expect(screen.getByText('None')).toBeTruthy();
  });
});
