// /Transform: the confirmation sheet of a quote had Confirm alone; backing out took a tap on the
// dimmed page. It has a Cancel beside Confirm now, and cancelling exchanges nothing.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from '../../../../test/helpers/screen.tsx';

const execute = vi.fn();
vi.mock('../../../lib/api.ts', () => ({
  api: {
    exchange: {
      coins: async () => ({ quote: 'USDC', coins: ['BTC'] }),
      history: async () => ({ list: [], total: 0, page: 1, limit: 50 }),
      quote: async () => ({
        quote_id: 'q1',
        from: 'BTC',
        to: 'USDC',
        amount: '0.01',
        price: '97266.06',
        receive: '970.715278',
        expires_at: new Date(Date.now() + 10_000).toISOString(),
      }),
      execute: (...args: unknown[]) => execute(...args),
    },
    wallet: {
      balances: async () => ({ spot: [{ coin: 'BTC', available: '0.5', frozen: '0' }], contract: null }),
    },
  },
}));

const { default: Transform } = await import('./Transform.tsx');

describe('/Transform confirmation', () => {
  afterEach(() => cleanup());

  it('offers Cancel beside Confirm, and Cancel closes the sheet without exchanging', async () => {
    openScreen([{ path: '/Transform', Component: Transform }], '/Transform');
    await screen.findByText('Available 0.50 BTC');
    fireEvent.change(screen.getByPlaceholderText('0'), { target: { value: '0.01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Exchange' }));
    expect(await screen.findByText('Confirm exchange')).toBeTruthy();
    expect(screen.getByText('970.715278 USDC')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Confirm exchange')).toBeNull());
    expect(execute).not.toHaveBeenCalled();
  });
});
