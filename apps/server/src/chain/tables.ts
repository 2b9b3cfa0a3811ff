import type { Generated, Selectable } from 'kysely';
import type { Db } from '../db/db.ts';

export type ChainAddressesTable = {
  user_id: string;
  idx: string;
  coin: string;
  network: string;
  address: string;
  created_at: string;
};

export type ChainDepositsTable = {
  id: string;
  seq: Generated<string>;
  txid: string;
  /** The Transfer event's position in the transaction (0 for rows from before ADR 122). */
  event_index: Generated<number>;
  coin: string;
  network: string;
  address: string;
  from_address: string | null;
  amount: string;
  user_id: string | null;
  status: 'applying' | 'received' | 'failed';
  ref_id: string | null;
  created_at: string;
  updated_at: string;
};

export type WithdrawalRowStatus =
  | 'pending'
  | 'under_review'
  | 'completed'
  | 'review_failed'
  | 'paying'
  | 'success'
  | 'failed';

export type WithdrawalsTable = {
  id: string;
  seq: Generated<string>;
  user_id: string;
  coin: string;
  network: string;
  address: string;
  amount: string;
  fee: string;
  status: WithdrawalRowStatus;
  txid: string | null;
  reason: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
  engine_done: Generated<boolean>;
  created_at: string;
  updated_at: string;
};

/** The watcher's resume point: the last confirmed block whose transfers were all processed. */
export type ChainCursorTable = {
  name: string;
  block: string;
  block_ts: string;
  updated_at: string;
};

export type ChainTables = {
  chain_cursor: ChainCursorTable;
  chain_addresses: ChainAddressesTable;
  chain_deposits: ChainDepositsTable;
  withdrawals: WithdrawalsTable;
};

export function chainDb(db: Db) {
  return db.withTables<ChainTables>();
}
export type ChainDb = ReturnType<typeof chainDb>;

export type ChainDepositRow = Selectable<ChainDepositsTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;
