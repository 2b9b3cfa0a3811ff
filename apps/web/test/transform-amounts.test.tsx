// /Transform (convert) wrote "Available 0.5 BTC" where the wallet writes 0.50 BTC, and its history
// paid side with an ASCII hyphen: amounts now have at least 2 decimals (exact up to 8) and the
// paid side a true minus, in the chosen language.

import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from './helpers/screen.tsx';

vi.mock('../src/features/exchange/api/exchange.ts', () => ({
  useExchangeCoins: () => ({ data: { coins: ['BTC', 'ETH'] } }),
  useSpotBalances: () => ({ data: { spot: [{ coin: 'BTC', available: '0.5' }] } }),
  useExchangeHistory: () => ({
    data: {
      list: [
        {
          id: '1',
          from: 'BTC',
          to: 'USDC',
          amount: '0.1',
          receive: '9712.3456',
          created_at: 1_795_000_000_000,
        },
      ],
    },
  }),
  // No amount typed: the live estimate (ADR 266's helper, useEstimate) has nothing to show.
  useEstimate: () => ({ quote: undefined, error: null, pending: false }),
  useQuote: () => ({ mutateAsync: vi.fn(), isPending: false }),
  useExecute: () => ({ mutateAsync: vi.fn(), isPending: false }),
}));

const { default: Transform } = await import('../src/features/exchange/routes/Transform.tsx');

describe('Convert amounts', () => {
  afterEach(() => cleanup());

  it('shows the available balance and the history with at least 2 decimals, paid with a minus', () => {
    openScreen([{ path: '/Transform', Component: Transform }], '/Transform');
    expect(screen.getByText('Available 0.50 BTC')).toBeTruthy();
    expect(screen.getByText('\u22120.10 BTC')).toBeTruthy();
    expect(screen.getByText('+9,712.3456 USDC')).toBeTruthy();
  });

  it('in German', () => {
    openScreen([{ path: '/Transform', Component: Transform }], '/Transform', { lang: 'de' });
    expect(screen.getByText('\u22120,10 BTC')).toBeTruthy();
    expect(screen.getByText('+9.712,3456 USDC')).toBeTruthy();
  });
});
