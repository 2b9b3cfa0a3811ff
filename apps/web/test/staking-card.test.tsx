// /Defn: each staking card said "Stake amount" twice, once over the min–max range and once over the
// input. The range row is "Amount per stake" now; "Stake amount" (the spec's label) is the input's.
import type { StakingProduct } from '@ex/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from './helpers/screen.tsx';

const PRODUCT: StakingProduct = {
  id: '1',
  name: 'USDC 30 days',
  coin: 'USDC',
  days: 30,
  daily_rate_ppm: 1000,
  min_amount: '100',
  max_amount: '5000',
  enabled: true,
};

vi.mock('../src/lib/api.ts', () => ({ api: { staking: { products: async () => [PRODUCT] } } }));
const { default: Defn } = await import('../src/features/staking/routes/Defn.tsx');

describe('/Defn staking card', () => {
  afterEach(() => cleanup());

  it.each([
    ['en', 'Stake amount', 'Amount per stake'],
    ['de', 'Staking-Betrag', 'Betrag je Staking'],
  ] as const)(
    'in %s names the amount once: %s on the input, %s on the range',
    async (lang, amount, range) => {
      openScreen([{ path: '/Defn', Component: Defn }], '/Defn', { lang });
      const card = await screen.findByTestId('staking-product');
      expect(within(card).getAllByText(amount)).toHaveLength(1);
      expect(within(card).getByRole('textbox', { name: new RegExp(amount) })).toBeTruthy();
      expect(within(card).getByText(range).tagName).toBe('DT');
    },
  );
});
