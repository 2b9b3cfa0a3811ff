import { Coin } from '@ex/contract';
import type { LedgerQuery, LedgerType, WalletAccount } from '@ex/sdk';

/** Every ledger entry type of spec section 3, in the order the filter lists them. */
export const LEDGER_TYPES: readonly LedgerType[] = [
  'deposit',
  'withdraw',
  'withdrawRefund',
  'transferIn',
  'transferOut',
  'postingOrder',
  'refundPostingOrder',
  'execution',
  'positionMargin',
  'positionClose',
  'positionFee',
  'ieo',
  'system',
];

/** The types that can appear on each account (the contract account only sees margin and PnL moves). */
export const ACCOUNT_TYPES: Readonly<Record<WalletAccount, readonly LedgerType[]>> = {
  spot: [
    'deposit',
    'withdraw',
    'withdrawRefund',
    'transferIn',
    'transferOut',
    'postingOrder',
    'refundPostingOrder',
    'execution',
    'ieo',
    'system',
  ],
  contract: ['transferIn', 'transferOut', 'positionMargin', 'positionClose', 'positionFee', 'system'],
};

export function isLedgerType(value: unknown): value is LedgerType {
  return typeof value === 'string' && (LEDGER_TYPES as readonly string[]).includes(value);
}

/** The coins the wallet holds, as the ledger's coin filter accepts them. */
export function isLedgerCoin(value: string): value is NonNullable<LedgerQuery['coin']> {
  return (Coin.options as readonly string[]).includes(value);
}

/** The i18n key of a type's localised name; an unknown type (a newer server) is shown as sent. */
export function ledgerTypeKey(type: string): `wallet.types.${LedgerType}` | null {
  return isLedgerType(type) ? `wallet.types.${type}` : null;
}

/** The types a filter for `account` offers (all of them for the all-accounts view). */
export function typesFor(account: WalletAccount | undefined): readonly LedgerType[] {
  return account ? ACCOUNT_TYPES[account] : LEDGER_TYPES;
}
