// ADR 252: the demo's starting funds are deposits the seed minted. The server names them
// `demo_credit`; the list and the entry detail read "Demo starting credit" in every language, not
// "Deposit" of a coin the exchange does not take, and "Belongs to" names the demo account's opening
// without a link to the deposit history (they are not there).

import { LANGS, webCatalogues } from '@ex/i18n';
import type { LedgerEntry } from '@ex/sdk';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ledgerEntryKey } from '../src/features/wallet/lib/ledger.ts';
import { ledgerApi, ledgerQueries, openEntry, openList, openStream } from './helpers/ledger-screen.tsx';

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

vi.mock('../src/lib/api.ts', () => ledgerApi(ENTRIES));
vi.mock('../src/lib/queries.ts', () => ledgerQueries());
vi.mock('../src/features/stream/hooks.ts', () => openStream());

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
    await openList('TradingOne', 'de');
    expect(await screen.findByText(de.types.demoCredit)).toBeTruthy();
    expect(screen.getAllByText(de.types.deposit, { selector: '.w-row__title' })).toHaveLength(1);
  });

  it('the detail names it in its head, type and "Belongs to", with no link', async () => {
    await openEntry(entry({}), 'en');
    await screen.findByText('Belongs to');
    expect(screen.getAllByText('Demo starting credit')).toHaveLength(2);
    const row = screen.getByText('Belongs to').closest('.w-kv__row') as HTMLElement;
    expect(row.textContent).toBe('Belongs toDemo account opening');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText('Deposit')).toBeNull();
  });
});
