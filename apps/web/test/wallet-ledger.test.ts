import { LEDGER_TYPES as SPEC_TYPES } from '@ex/contract';
import { LANGS, webCatalogues } from '@ex/i18n';
import type { Balances, Coin } from '@ex/sdk';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES, LEDGER_TYPES, ledgerTypeKey, typesFor } from '../src/features/wallet/lib/ledger.ts';
import { availableOf, spotRows, totals } from '../src/features/wallet/lib/valuation.ts';

describe('ledger entry types', () => {
  it('lists exactly the spec types', () => {
    expect([...LEDGER_TYPES].sort()).toEqual([...SPEC_TYPES].sort());
    for (const account of ['spot', 'contract'] as const) {
      for (const type of ACCOUNT_TYPES[account]) expect(LEDGER_TYPES).toContain(type);
    }
    expect(typesFor(undefined)).toBe(LEDGER_TYPES);
    expect(typesFor('contract')).toContain('positionFee');
    expect(typesFor('contract')).not.toContain('deposit');
  });

  it.each(LANGS)('has a distinct, non-empty label for every type in %s', (lang) => {
    const labels = SPEC_TYPES.map((type) => {
      const key = ledgerTypeKey(type);
      expect(key).toBe(`wallet.types.${type}`);
      return webCatalogues[lang].wallet.types[type as keyof (typeof webCatalogues)['en']['wallet']['types']];
    });
    for (const label of labels) expect(label.trim()).not.toBe('');
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('shows an unknown type from a newer server as sent', () => {
    expect(ledgerTypeKey('airdrop')).toBeNull();
  });

  it('says the spec message for identical transfer accounts', () => {
    expect(webCatalogues.en.wallet.transfer.sameAccount).toBe('Transfer accounts cannot be the same');
    for (const lang of LANGS) expect(webCatalogues[lang].wallet.transfer.sameAccount).not.toBe('');
  });
});

const coin = (base: string, last: string, kind: 'spot' | 'perp' = 'spot') =>
  ({ symbol: `${base}_USDC${kind === 'perp' ? '_PERP' : ''}`, base, quote: 'USDC', kind, last }) as Coin;

describe('valuation', () => {
  const balances: Balances = {
    spot: [
      { coin: 'BTC', available: '0.5', frozen: '0.1' },
      { coin: 'USDC', available: '1000.123456', frozen: '200' },
      { coin: 'ETH', available: '0', frozen: '0' },
      { coin: 'DOGE', available: '100', frozen: '0' },
    ],
    contract: {
      coin: 'USDC',
      available: '300',
      frozen: '50',
      equity: '345.5',
      unrealized_pnl: '-4.5',
      wallet_balance: '350',
      position_margin: '40',
      free_collateral: '255.5',
    },
  };
  const coins = [
    coin('BTC', '60000.5'),
    coin('BTC', '70000', 'perp'),
    coin('ETH', '3000'),
    coin('DOGE', '0'),
  ];

  it('values coins at the spot last price; untraded markets have no value', () => {
    const rows = spotRows(balances, coins, false);
    expect(rows.map((r) => r.coin)).toEqual(['USDC', 'BTC', 'DOGE', 'ETH']);
    expect(rows[1]).toMatchObject({ total: '0.6', value: '36000.3' });
    expect(rows[2]?.value).toBeNull();
    expect(rows[3]?.value).toBe('0');
    expect(spotRows(balances, coins, true).map((r) => r.coin)).toEqual(['USDC', 'BTC', 'DOGE']);
  });

  it('totals spot value and contract equity exactly, flagging unpriced coins', () => {
    expect(totals(balances, coins)).toEqual({
      spot: '37200.423456',
      contract: '345.5',
      total: '37545.923456',
      partial: true,
    });
    expect(totals(undefined, coins)).toBeNull();
  });

  it('reads the available balance of each side', () => {
    expect(availableOf(balances, 'spot', 'USDC')).toBe('1000.123456');
    // Out of futures only the free collateral moves; a negative one is nothing.
    expect(availableOf(balances, 'contract', 'USDC')).toBe('255.5');
    const under = { ...balances, contract: { ...balances.contract, free_collateral: '-1.25' } };
    expect(availableOf(under, 'contract', 'USDC')).toBe('0');
    expect(availableOf(balances, 'contract', 'BTC')).toBe('0');
    expect(availableOf(undefined, 'spot', 'USDC')).toBe('0');
  });
});
