/** The spec's wallet ledger entry types (product spec, section 3). Every posting set carries one. */
export const ENTRY_TYPES = [
  'withdraw',
  'deposit',
  'transferIn',
  'transferOut',
  'postingOrder',
  'execution',
  'withdrawRefund',
  'positionMargin',
  'positionClose',
  'positionFee',
  'system',
  'refundPostingOrder',
  'ieo',
] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

/**
 * What an account is for. Users own `spot`, `contract` and one `isolated:<symbol>:<side>` account per
 * isolated position. The owner `system` owns the rest:
 * - `fee`: trading and withdrawal fees earned.
 * - `insurance`: the insurance fund; also the wallet of the positions it takes over at liquidation.
 * - `chain`: the outside world. Deposits come from it, withdrawals go to it, so it is negative by
 *   exactly what the exchange holds in custody.
 * - `settlement`: the perpetual clearing account. Realised PnL is paid from and into it, so its
 *   balance is the mirror of the open positions' cost basis (it returns to zero when every position is
 *   closed, save socialised losses). It may be negative.
 * - `funding`: rounding remainders of funding payments, always >= 0.
 * - `ieo`, `earn`, `treasury`: pools of the IEO, earn products and the exchange's own funds, moved
 *   with the engine's `ledgerTransfer` command (never below zero).
 * Withdrawals in flight stay frozen in the user's spot account.
 * The market maker is an ordinary owner (e.g. `mm`) with spot and contract accounts.
 */
export type AccountKind =
  | 'spot'
  | 'contract'
  | `isolated:${string}`
  | 'fee'
  | 'insurance'
  | 'chain'
  | 'settlement'
  | 'funding'
  | 'ieo'
  | 'earn'
  | 'treasury';

export type Bucket = 'available' | 'frozen';

export const SYSTEM_OWNER = 'system';

export interface AccountRef {
  owner: string;
  kind: AccountKind;
  asset: string;
}

/** One leg of an entry. Amounts are signed integers in the asset's smallest unit. */
export interface Posting {
  /** `owner/kind/asset`, see accountKey(). */
  account: string;
  asset: string;
  bucket: Bucket;
  amount: bigint;
}

export interface JournalEntry {
  /** Position in the journal, from 1, gapless. */
  seq: number;
  type: EntryType;
  /** What caused it: an order id, a trade id, a withdrawal id, a funding round, ... */
  ref: string;
  ts: number;
  postings: Posting[];
}

export interface Balance {
  available: bigint;
  frozen: bigint;
}
