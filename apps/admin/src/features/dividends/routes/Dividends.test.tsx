import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, mountPage, ok } from '../../../test/console.tsx';
import { Dividends, parseAllocations } from './Dividends.tsx';

describe('<Dividends/>', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('shows total and claimed grouped, 2 up to the coin decimals, right-aligned', async () => {
    fakeServer(() =>
      ok([
        {
          id: '1',
          title: 'Quarterly',
          title_i18n: { de: 'Quartal' },
          coin: 'USDC',
          total: '1234567.505000',
          claimed: '0.000000',
          users: 4,
          created_at: Date.UTC(2030, 0, 1),
        },
        {
          id: '2',
          title: 'Bonus',
          title_i18n: {},
          coin: 'ETH',
          total: '1.50000000',
          claimed: 'oops',
          users: 1,
          created_at: Date.UTC(2030, 0, 1),
        },
      ]),
    );
    mountPage('/dividends', <Dividends />);
    const total = await screen.findByText('1,234,567.50');
    expect(total.closest('td')?.style.textAlign).toBe('right');
    expect(screen.getByText('0.00')).toBeTruthy();
    expect(screen.getByText('1.50')).toBeTruthy();
    // A malformed figure shows the placeholder, never NaN.
    expect(screen.getByText('--')).toBeTruthy();
  });

  it('keeps the typed amounts as exact strings for the API', () => {
    expect(parseAllocations('1001, 12.50\n1002 3')).toEqual([
      { user_id: '1001', amount: '12.50' },
      { user_id: '1002', amount: '3' },
    ]);
  });
});
