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

/**
 * The types that can appear on each account. A perpetual order holds its margin and fee on the
 * contract account and a fill releases the hold (ADR 242), so the futures filter offers both.
 */
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
  contract: [
    'transferIn',
    'transferOut',
    'postingOrder',
    'refundPostingOrder',
    'positionMargin',
    'positionClose',
    'positionFee',
    'system',
  ],
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

/**
 * The i18n key of one entry's name: its type's, except for the entries whose reference says more.
 * Funding settles as a system entry referenced `funding:<symbol>:<time>` and reads "Funding fee"
 * (Binance's and Bybit's name for it), not "System entry". The demo's starting funds are deposits
 * the seed minted; the server names them `demo_credit` and they read "Demo starting credit", not
 * "Deposit" of a coin the exchange does not take (ADR 252).
 */
export function ledgerEntryKey(entry: {
  type: string;
  ref_id?: string | null;
  ref?: { kind: string } | undefined;
}): `wallet.types.${LedgerType}` | 'wallet.types.funding' | 'wallet.types.demoCredit' | null {
  if (entry.type === 'system' && entry.ref_id?.startsWith('funding:')) return 'wallet.types.funding';
  if (entry.type === 'deposit' && entry.ref?.kind === 'demo_credit') return 'wallet.types.demoCredit';
  return ledgerTypeKey(entry.type);
}

/** The types a filter for `account` offers (all of them for the all-accounts view). */
export function typesFor(account: WalletAccount | undefined): readonly LedgerType[] {
  return account ? ACCOUNT_TYPES[account] : LEDGER_TYPES;
}
