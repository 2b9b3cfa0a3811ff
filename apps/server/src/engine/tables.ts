import type { Db } from '../db/db.ts';

// Row shapes of the engine's tables (migration 0010_engine). int8 and NUMERIC arrive as strings.

export type EngineCommandsTable = {
  seq: string;
  type: string;
  body: string;
  ts: string;
};
export type EngineSnapshotsTable = {
  seq: string;
  state: string;
  state_hash: string;
  ts: string;
};
/** Amounts in the asset's smallest unit (integers). */
export type LedgerEntriesTable = {
  id: string;
  entry_seq: string;
  command_seq: string;
  owner: string;
  account: string;
  coin: string;
  type: string;
  ref_id: string;
  amount: string;
  available_delta: string;
  frozen_delta: string;
  available_after: string;
  frozen_after: string;
  created_at: string;
};
/** Prices and quantities as decimal strings of the market (NUMERIC keeps them exact). */
export type OrdersTable = {
  id: string;
  user_id: string;
  market: string;
  kind: 'spot' | 'perp';
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  action: string | null;
  margin_mode: string | null;
  leverage: number | null;
  price: string | null;
  quantity: string;
  quote_amount: string | null;
  filled: string;
  filled_value: string;
  status: string;
  client_order_id: string | null;
  created_at: string;
  updated_at: string;
  // Contract order features (migration 0720_contract_orders, ADR 136); null/default for spot.
  tif?: string | null;
  stp?: string | null;
  trigger_price?: string | null;
  trigger_by?: string | null;
  callback_rate?: string | null;
  triggered_at?: string | null;
  origin?: string | null;
  fee?: string;
  realised_pnl?: string;
};
export type TradesTable = {
  id: string;
  market: string;
  price: string;
  qty: string;
  taker_side: 'buy' | 'sell';
  maker_order_id: string;
  taker_order_id: string;
  buyer_id: string;
  seller_id: string;
  value: string;
  buyer_fee: string;
  seller_fee: string;
  seq: string;
  ts: string;
  /** The trade's name outside the engine (market/trade-ids.ts, ADR 254). */
  public_id: string;
};
export type TransfersTable = {
  id: string;
  user_id: string;
  coin: string;
  from_account: string;
  to_account: string;
  amount: string;
  created_at: string;
};
export type PositionHistoryTable = {
  id: string;
  user_id: string;
  market: string;
  margin_mode: string;
  side: string;
  size: string;
  cost: string;
  margin: string;
  realised_pnl: string;
  fees: string;
  funding: string;
  closed: boolean;
  ts: string;
};
export type IdempotencyKeysTable = {
  user_id: string;
  scope: string;
  key: string;
  request_hash: string;
  ref_id: string;
  created_at: string;
};

export type EngineTables = {
  engine_commands: EngineCommandsTable;
  engine_snapshots: EngineSnapshotsTable;
  ledger_entries: LedgerEntriesTable;
  orders: OrdersTable;
  trades: TradesTable;
  transfers: TransfersTable;
  position_history: PositionHistoryTable;
  idempotency_keys: IdempotencyKeysTable;
};

/** The shared database seen with the engine's tables (db/schema.ts belongs to the account domain). */
export function engineDb(db: Db) {
  return db.withTables<EngineTables>();
}
export type EngineDb = ReturnType<typeof engineDb>;
