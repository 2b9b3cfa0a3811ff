import { Coin, LEDGER_PRODUCT_STEPS, type LedgerProduct } from '@ex/contract';
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

/** The i18n key of a product money move's name: `wallet.products.<product>.<step>` (ADR 255). */
export type ProductStepKey = {
  [P in LedgerProduct]: `wallet.products.${P}.${(typeof LEDGER_PRODUCT_STEPS)[P][number]}`;
}[LedgerProduct];

/** What the entry-naming functions read of an entry's `ref` (any kind). */
export interface RefLike {
  kind: string;
  product?: string;
  step?: string;
}

/** The name key of a `product` ref whose step belongs to its product; null for anything else. */
export function productStepKey(ref: RefLike | undefined): ProductStepKey | null {
  if (ref?.kind !== 'product' || ref.product === undefined || ref.step === undefined) return null;
  if (!Object.hasOwn(LEDGER_PRODUCT_STEPS, ref.product)) return null;
  const steps: readonly string[] = LEDGER_PRODUCT_STEPS[ref.product as LedgerProduct];
  return steps.includes(ref.step) ? (`wallet.products.${ref.product}.${ref.step}` as ProductStepKey) : null;
}

/**
 * The i18n key of one entry's name: its type's, except for the entries whose reference says more.
 * Funding settles as a system entry referenced `funding:<symbol>:<time>` and reads "Funding fee"
 * (Binance's and Bybit's name for it), not "System entry". The demo's starting funds are deposits
 * the seed minted; the server names them `demo_credit` and they read "Demo starting credit", not
 * "Deposit" of a coin the exchange does not take (ADR 252). The money moves of the flash exchange,
 * OTC, IEO, AI quant, staking and dividends are `system` (or `ieo`) entries the server names by
 * product and step (ADR 255): "Conversion", "OTC buy", "Staking interest", ... A cross position's
 * profit realised at the mark to pay a loss or funding is a `positionClose` entry of a position that
 * stays open (ADR 245): it reads "Realised profit", not "Position closed".
 */
export function ledgerEntryKey(entry: {
  type: string;
  ref_id?: string | null;
  ref?: RefLike | undefined;
}):
  | `wallet.types.${LedgerType}`
  | 'wallet.types.funding'
  | 'wallet.types.demoCredit'
  | 'wallet.types.realisedProfit'
  | ProductStepKey
  | null {
  if (entry.type === 'system' && entry.ref_id?.startsWith('funding:')) return 'wallet.types.funding';
  if (entry.type === 'deposit' && entry.ref?.kind === 'demo_credit') return 'wallet.types.demoCredit';
  if (entry.type === 'positionClose' && entry.ref?.kind === 'realised') return 'wallet.types.realisedProfit';
  if (entry.type === 'system' || entry.type === 'ieo') {
    const product = productStepKey(entry.ref);
    if (product !== null) return product;
  }
  return ledgerTypeKey(entry.type);
}

/** The types a filter for `account` offers (all of them for the all-accounts view). */
export function typesFor(account: WalletAccount | undefined): readonly LedgerType[] {
  return account ? ACCOUNT_TYPES[account] : LEDGER_TYPES;
}
