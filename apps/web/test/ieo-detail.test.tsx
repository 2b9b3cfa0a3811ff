// The walk at 375 px (zh_CN, fr): the IEO's per-account limit read "10 – 100,000" with no coin under
// "1,000,000 SOL" issued and "50 USDC" a unit; a bare range leaves open whether it counts tokens or
// dollars. It is in the project's coin now, in the language's numbers.
import { webCatalogues } from '@ex/i18n';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from './helpers/screen.tsx';

const SOL = {
  id: '2',
  coin: 'SOL',
  name: 'SOL launch round',
  issue_amount: '1000000',
  unit_price: '50',
  price_range: '50 USDC',
  min_quantity: '10',
  max_quantity: '100000',
  subscribed: '0',
  progress: '0',
  start_at: Date.UTC(2026, 10, 26, 8, 24),
  end_at: Date.UTC(2026, 11, 10, 8, 24),
  listing_at: Date.UTC(2026, 11, 12, 8, 24),
  announcement_at: Date.UTC(2026, 10, 23, 8, 24),
  white_paper: '',
  expected_return: '',
  description: '',
  status: 'subscribing',
};

vi.mock('../src/features/ieo/api/ieo.ts', () => ({
  useIeoProject: () => ({ data: SOL, isPending: false, isSuccess: true }),
  useIeoProjects: () => ({ data: [SOL], isPending: false, isSuccess: true }),
  useSubscribe: () => ({ mutateAsync: vi.fn(), isPending: false }),
}));

const { default: IEO } = await import('../src/features/ieo/routes/IEO.tsx');

describe('/IEO?id= project detail', () => {
  afterEach(() => cleanup());

  it.each([
    ['zh_CN', '10 – 100,000 SOL'],
    ['fr', '10 – 100\u202f000 SOL'],
  ] as const)('%s: the per-account limit carries the coin', async (lang, limits) => {
    openScreen([{ path: '/IEO', Component: IEO }], '/IEO?id=2', { lang });
    const label = await screen.findByText(webCatalogues[lang].earn1.ieo.limits);
    expect(label.nextElementSibling?.textContent).toBe(limits);
  });
});
