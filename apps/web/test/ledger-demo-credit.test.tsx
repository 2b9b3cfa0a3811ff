// ADR 252: the demo's starting funds are deposits the seed minted. The server names them
// `demo_credit`; the list and the entry detail read "Demo starting credit" in every language, not
// "Deposit" of a coin the exchange does not take, and "Belongs to" names the demo account's opening
// without a link to the deposit history (they are not there).

import { LANGS, webCatalogues } from '@ex/i18n';
import type { LedgerEntry } from '@ex/sdk';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ledgerEntryKey } from '../src/features/wallet/lib/ledger.ts';
import { openScreen } from './helpers/screen.tsx';

const entry = (over: Partial<LedgerEntry>): LedgerEntry => ({
  id: '3:1/spot/BTC',
  account: 'spot',
  coin: 'BTC',
  type: 'deposit',
  amount: '0.5',
  balance_after: '0.5',
  ref_id: 'seed-3',
  ref: { kind: 'demo_credit' },
  created_at: Date.now() - 60_000,
  ...over,
});
const ENTRIES = [
  entry({}),
  entry({
    id: '9:1/spot/USDC',
    coin: 'USDC',
    amount: '50',
    ref_id: '9',
    ref: { kind: 'deposit', deposit_id: '9' },
  }),
];

vi.mock('../src/lib/api.ts', () => ({
  api: {
    wallet: {
      balances: async () => ({ spot: [], contract: null }),
      ledger: async () => ({ list: ENTRIES, total: ENTRIES.length, page: 1, limit: 20 }),
    },
  },
}));
vi.mock('../src/lib/queries.ts', () => ({
  useCoins: () => ({ data: [], refetch: async () => ({}) }),
  useUserInfo: () => ({ data: undefined, isError: false, refetch: async () => ({}) }),
}));
vi.mock('../src/features/stream/hooks.ts', () => ({ useChannel: () => {}, useStreamStatus: () => 'open' }));

const { default: TradingOne } = await import('../src/features/wallet/routes/TradingOne.tsx');
const { default: FinancialDetail } = await import('../src/features/wallet/routes/FinancialDetail.tsx');

describe("the demo's starting credit in the ledger", () => {
  afterEach(() => cleanup());

  it('is named by the server`s ref, not by the raw reference or the type alone', () => {
    expect(ledgerEntryKey(entry({}))).toBe('wallet.types.demoCredit');
    expect(ledgerEntryKey(entry({ ref: undefined }))).toBe('wallet.types.deposit');
    expect(ledgerEntryKey(entry({ ref: { kind: 'deposit', deposit_id: '9' } }))).toBe('wallet.types.deposit');
  });

  it('every language has its own words for it', () => {
    const en = webCatalogues.en.wallet;
    for (const lang of LANGS) {
      const w = webCatalogues[lang].wallet;
      expect(w.types.demoCredit).not.toBe('');
      expect(w.types.demoCredit).not.toBe(w.types.deposit);
      expect(w.ledger.refs.demo_credit).not.toBe(w.ledger.refs.deposit);
      if (lang !== 'en') expect(w.types.demoCredit).not.toBe(en.types.demoCredit);
    }
    expect(webCatalogues.de.wallet.types.demoCredit).toBe('Demo-Startguthaben');
    expect(en.types.demoCredit).toBe('Demo starting credit');
  });

  it('the spot records list it as starting credit next to a real deposit', async () => {
    const de = webCatalogues.de.wallet;
    openScreen([{ path: '/TradingOne', Component: TradingOne }], '/TradingOne', { lang: 'de' });
    expect(await screen.findByText(de.types.demoCredit)).toBeTruthy();
    expect(screen.getAllByText(de.types.deposit, { selector: '.w-row__title' })).toHaveLength(1);
  });

  it('the detail names it in its head, type and "Belongs to", with no link', async () => {
    const e = entry({});
    openScreen(
      [{ path: '/FinancialDetail', Component: FinancialDetail }],
      { pathname: '/FinancialDetail', search: `?id=${encodeURIComponent(e.id)}`, state: { entry: e } },
      { lang: 'en' },
    );
    await screen.findByText('Belongs to');
    expect(screen.getAllByText('Demo starting credit')).toHaveLength(2);
    const row = screen.getByText('Belongs to').closest('.w-kv__row') as HTMLElement;
    expect(row.textContent).toBe('Belongs toDemo account opening');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText('Deposit')).toBeNull();
  });
});
