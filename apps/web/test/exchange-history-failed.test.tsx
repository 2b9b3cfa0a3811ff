// /Transform: a failed history load says so with a retry (the section stayed empty under its title).
import { webCatalogues } from '@ex/i18n';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from './helpers/screen.tsx';

const de = webCatalogues.de;
const history = vi.fn();
vi.mock('../src/lib/api.ts', () => ({
  api: {
    exchange: { coins: async () => ({ quote: 'USDC', coins: ['BTC'] }), history: () => history() },
    wallet: {
      balances: async () => ({ spot: [{ coin: 'BTC', available: '0.5', frozen: '0' }], contract: null }),
    },
  },
}));

const { default: Transform } = await import('../src/features/exchange/routes/Transform.tsx');

describe('/Transform history', () => {
  afterEach(() => cleanup());

  it('shows a failed load with a retry, then the empty history', async () => {
    history.mockRejectedValueOnce(new Error('offline'));
    openScreen([{ path: '/Transform', Component: Transform }], '/Transform', { lang: 'de' });
    expect(await screen.findByText(de.common.loadFailed)).toBeTruthy();
    history.mockResolvedValueOnce({ list: [], total: 0, page: 1, limit: 50 });
    fireEvent.click(screen.getByRole('button', { name: de.common.retry }));
    expect(await screen.findByText(de.earn1.exchange.noHistory)).toBeTruthy();
    expect(screen.queryByText(de.common.loadFailed)).toBeNull();
  });
});
