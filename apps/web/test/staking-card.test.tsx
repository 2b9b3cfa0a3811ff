// /Defn: each staking card said "Stake amount" twice, once over the min–max range and once over the
// input. The range row is "Amount per stake" now; "Stake amount" (the spec's label) is the input's.
// The fr walk (375 px): /Defn and /DefnHis called the lock period "Durée de remboursement" and its
// end "Date de remboursement", a loan's words (es "devolución", it "rimborso", de "Rückzahlung am"
// too); a staking product locks coins, so each language names the lock and its end now.

import type { Stake, StakingProduct } from '@ex/contract';
import { webCatalogues } from '@ex/i18n';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
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

const STAKE: Stake = {
  id: '7',
  product_id: '1',
  product_name: 'USDC 30 days',
  coin: 'USDC',
  amount: '200',
  days: 30,
  daily_rate_ppm: 1000,
  interest: '6',
  status: 'active',
  reason: null,
  created_at: Date.UTC(2026, 10, 22),
  due_at: Date.UTC(2026, 11, 22),
  settled_at: null,
};

vi.mock('../src/lib/api.ts', () => ({
  api: {
    staking: {
      products: async () => [PRODUCT],
      stakes: async () => ({ list: [STAKE], total: 1, page: 1, limit: 50 }),
    },
  },
}));
const { default: Defn } = await import('../src/features/staking/routes/Defn.tsx');
const { default: DefnHis } = await import('../src/features/staking/routes/DefnHis.tsx');

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

describe('/Defn interest at the end', () => {
  afterEach(() => cleanup());

  it('is a bare dash before an amount is typed (was "-- USDC"), then the exact interest with its coin', async () => {
    openScreen([{ path: '/Defn', Component: Defn }], '/Defn', { lang: 'de' });
    const card = await screen.findByTestId('staking-product');
    expect(within(card).getByTestId('staking-interest').textContent).toBe('--');
    fireEvent.change(within(card).getByRole('textbox'), { target: { value: '1000' } });
    // 1000 x 0.1 % a day x 30 days
    expect(within(card).getByTestId('staking-interest').textContent).toBe('30\u00a0USDC');
  });
});

describe('staking names a lock period, not a repayment', () => {
  afterEach(() => cleanup());

  it('fr /Defn and /DefnHis say "Durée de blocage" and "Fin du blocage"', async () => {
    openScreen([{ path: '/Defn', Component: Defn }], '/Defn', { lang: 'fr' });
    const card = await screen.findByTestId('staking-product');
    expect(within(card).getByText('Durée de blocage').tagName).toBe('DT');
    cleanup();
    openScreen([{ path: '/DefnHis', Component: DefnHis }], '/DefnHis', { lang: 'fr' });
    const stake = await screen.findByTestId('stake');
    expect(within(stake).getByText('Durée de blocage').tagName).toBe('DT');
    expect(within(stake).getByText('Fin du blocage').tagName).toBe('DT');
    expect(stake.textContent).not.toMatch(/rembours/i);
  });

  it.each([
    ['fr', /rembours/i],
    ['es', /devoluci/i],
    ['it', /rimbors/i],
    ['de', /rückzahl/i],
  ] as const)('%s: neither the period nor its end is a loan word', (lang, loan) => {
    const { period, due, intro } = webCatalogues[lang].earn2.staking;
    for (const text of [period, due, intro]) expect(text).not.toMatch(loan);
  });
});
