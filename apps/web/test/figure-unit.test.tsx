// A figure never breaks from its unit outside the trade screens either (ADR 272, ADR 273): at 375 px
// a wallet row or an earn card broke "1.234,50 / USDC" at the ordinary space between them. One
// wallet row (a spot coin on /My) and one earn row (a stake on /DefnHis) in German, the language
// with the longest words, carry U+00A0 between the amount and its coin.

import type { Balances, Coin } from '@ex/sdk';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usdcStake } from './earn-fixtures.ts';
import { openScreen } from './helpers/screen.tsx';

const stake = usdcStake;
vi.mock('../src/lib/api.ts', () => ({
  api: { staking: { stakes: async () => ({ list: [stake], total: 1, page: 1, limit: 50 }) } },
}));

const { SpotBalances } = await import('../src/features/wallet/components/Assets.tsx');
const { default: DefnHis } = await import('../src/features/staking/routes/DefnHis.tsx');

const BALANCES = {
  spot: [{ coin: 'BTC', available: '0.5', frozen: '0' }],
  contract: {},
} as unknown as Balances;
const COINS = [
  { symbol: 'BTC_USDC', base: 'BTC', quote: 'USDC', kind: 'spot', last: '60000' },
] as unknown as Coin[];

describe('a figure and its unit stay together', () => {
  afterEach(() => cleanup());

  it('wallet: a spot coin row on /My reads "≈\\u00a030.000,00\\u00a0USDC"', async () => {
    const Row = () => (
      <SpotBalances balances={BALANCES} coins={COINS} hidden={false} hideZero={false} onHideZero={() => {}} />
    );
    openScreen([{ path: '/My', Component: Row }], '/My', { lang: 'de' });
    const row = await screen.findByRole('link', { name: /BTC/ });
    expect(row.textContent).toContain('≈\u00a030.000,00\u00a0USDC');
    expect(row.textContent).not.toMatch(/\d USDC/);
  });

  it('earn: a stake on /DefnHis reads "1.234,50\\u00a0USDC" and "11,11\\u00a0USDC"', async () => {
    openScreen([{ path: '/DefnHis', Component: DefnHis }], '/DefnHis', { lang: 'de' });
    const card = await screen.findByTestId('stake');
    const figures = [...card.querySelectorAll('dd.num')].map((d) => d.textContent);
    expect(figures).toEqual(['1.234,50\u00a0USDC', '11,11\u00a0USDC']);
  });
});
