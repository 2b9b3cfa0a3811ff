import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, mountPage, ok } from '../../../test/console.tsx';
import { Withdrawals } from './Withdrawals.tsx';

const ROW = {
  id: '01469728-a77c-4461-8249-4571d9aede2a',
  coin: 'USDC',
  network: 'TRC20',
  address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
  amount: '1200.000000',
  fee: '1.000000',
  receive_amount: '1199.000000',
  status: 'under_review',
  txid: null,
  reason: null,
  created_at: Date.UTC(2030, 0, 1),
  updated_at: Date.UTC(2030, 0, 1),
  user_id: '2',
  user_account: 'ana@demo.exchange.local',
  reviewed_at: null,
};

describe('<Withdrawals/>', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it.each([
    ['success', 'Approved and paid out'],
    ['completed', 'Approved; queued for payout'],
  ])('an approval that reached %s says so in words', async (status, said) => {
    const sent = fakeServer((s) =>
      s.method === 'POST'
        ? ok({ ...ROW, status, reviewed_at: Date.UTC(2030, 0, 1) })
        : ok({ list: [ROW], total: 1, page: 1, limit: 20 }),
    );
    mountPage('/withdrawals', <Withdrawals />);
    fireEvent.click(await screen.findByRole('button', { name: 'Review' }));
    fireEvent.click(await screen.findByRole('button', { name: /Approve/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Approve and pay' }));
    expect(await screen.findByText(said)).toBeTruthy();
    expect(screen.queryByText(/Approved: /)).toBeNull();
    expect(sent.filter((s) => s.method === 'POST').map((s) => s.url)).toEqual([
      `/api/admin/withdrawals/${ROW.id}/approve`,
    ]);
  });
});
