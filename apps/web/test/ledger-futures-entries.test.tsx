// The futures ledger as the perpetual fills now post it (ADR 242): the type filter of /TradingTwo
// offers the order hold and its release (they appeared on the list but not in the filter), and a
// funding settlement reads "Finanzierungsgebühr" instead of "Systembuchung".

import { webCatalogues } from '@ex/i18n';
import type { LedgerEntry } from '@ex/sdk';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ledgerEntryKey, typesFor } from '../src/features/wallet/lib/ledger.ts';
import { ledgerApi, ledgerQueries, openList, openStream } from './helpers/ledger-screen.tsx';

const de = webCatalogues.de.wallet;
const entry = (over: Partial<LedgerEntry>): LedgerEntry => ({
  id: 'e1',
  account: 'contract',
  coin: 'USDC',
  type: 'system',
  amount: '0.169728',
  balance_after: '2997.473978',
  ref_id: 'funding:ETH_USDC_PERP:1795824000000',
  created_at: Date.now() - 60_000,
  ...over,
});
const ENTRIES = [
  entry({}),
  entry({ id: 'e2', type: 'system', ref_id: 'ai:7', amount: '1' }),
  entry({ id: 'e3', type: 'refundPostingOrder', ref_id: '347', amount: '425.95822' }),
];

vi.mock('../src/lib/api.ts', () => ledgerApi(ENTRIES));
vi.mock('../src/lib/queries.ts', () => ledgerQueries());
vi.mock('../src/features/stream/hooks.ts', () => openStream());

describe('futures ledger entries', () => {
  afterEach(() => cleanup());

  it('the futures filter offers the order hold and its release', () => {
    expect(typesFor('contract')).toContain('postingOrder');
    expect(typesFor('contract')).toContain('refundPostingOrder');
  });

  it('names funding by its reference, other system entries stay "Systembuchung"', () => {
    expect(ledgerEntryKey(entry({}))).toBe('wallet.types.funding');
    expect(ledgerEntryKey(entry({ ref_id: 'ai:7' }))).toBe('wallet.types.system');
    expect(ledgerEntryKey(entry({ type: 'positionFee', ref_id: 'funding:x' }))).toBe(
      'wallet.types.positionFee',
    );
  });

  it('names a profit realised on an open cross position "Realisierter Gewinn", not "Position geschlossen"', () => {
    const realised = entry({
      type: 'positionClose',
      ref_id: 'realise:1:BTC_USDC_PERP:short:#3',
      ref: {
        kind: 'realised',
        market: 'BTC_USDC_PERP',
        position_id: 'BTC_USDC_PERP:cross:short',
        side: 'short',
        margin_mode: 'cross',
      },
    });
    expect(ledgerEntryKey(realised)).toBe('wallet.types.realisedProfit');
    expect(de.types.realisedProfit).toBe('Realisierter Gewinn');
    // A close by an order stays "Position geschlossen".
    expect(ledgerEntryKey(entry({ type: 'positionClose', ref_id: '7-0:t', ref: undefined }))).toBe(
      'wallet.types.positionClose',
    );
  });

  it('/TradingTwo lists funding as "Finanzierungsgebühr"', async () => {
    await openList('TradingTwo', 'de');
    expect(await screen.findByText(de.types.funding)).toBeTruthy();
    expect(screen.getAllByText(de.types.system)).toHaveLength(1);
    expect(screen.getByText(de.types.refundPostingOrder)).toBeTruthy();
  });
});
