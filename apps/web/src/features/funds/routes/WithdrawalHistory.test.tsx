// /WithdrawalHistory in English: a withdrawal still under review read "Received amount 19.00" (it
// has arrived nowhere yet); the amount after the fee is "Net amount", true before and after.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from '../../../../test/helpers/screen.tsx';

vi.mock('../../../lib/api.ts', () => ({
  api: {
    chain: {
      withdrawals: async () => ({
        list: [
          {
            id: 'w1',
            coin: 'USDC',
            network: 'TRC20',
            address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
            amount: '20.000000',
            fee: '1.000000',
            receive_amount: '19.000000',
            status: 'under_review',
            txid: null,
            reason: null,
            created_at: '2026-11-28T05:12:00.000Z',
          },
        ],
        total: 1,
        page: 1,
        limit: 20,
      }),
    },
  },
}));

const { default: WithdrawalHistory } = await import('./WithdrawalHistory.tsx');

describe('/WithdrawalHistory', () => {
  afterEach(() => cleanup());

  it('says "Net amount" for what the address gets after the fee, not "Received amount"', async () => {
    openScreen([{ path: '/WithdrawalHistory', Component: WithdrawalHistory }], '/WithdrawalHistory');
    const line = await screen.findByText(/Net amount/);
    expect(line.textContent).toBe('Fee 1.00 · Net amount 19.00');
    expect(screen.queryByText(/Received amount/)).toBeNull();
  });
});
