import type { Generated, Kysely } from 'kysely';
import type { Db } from '../db/db.ts';
import type { Database } from '../db/schema.ts';

// Row shapes of migration 0400_exchange_otc_ieo. int8 arrives as a string (db.ts).

export interface ExchangeRecordsTable {
  id: string;
  user_id: string;
  from_coin: string;
  to_coin: string;
  amount: string;
  receive: string;
  price: string;
  fee: string;
  created_at: string;
  /** ADR 114: written `pending` before the money moves, `done` after, `failed` when refused. */
  status: 'pending' | 'done' | 'failed';
}

export interface OtcAdsTable {
  id: Generated<string>;
  side: 'buy' | 'sell';
  coin: string;
  fiat: string;
  price: string;
  min: string;
  max: string;
  payment_methods: string[] | string;
  broker_contact: string | null;
  active: boolean;
  created_at: string;
}

export interface OtcOrdersTable {
  id: Generated<string>;
  user_id: string;
  ad_id: string;
  side: 'buy' | 'sell';
  coin: string;
  fiat: string;
  quantity: string;
  price: string;
  total: string;
  payment_method: string;
  remarks: string;
  bank: string;
  phone: string;
  status: 'pending' | 'review' | 'completed' | 'rejected';
  reason: string | null;
  created_at: string;
  reviewed_at: string | null;
  /** ADR 114: the operator's decision, written before its money move and cleared after. */
  pending_action: Generated<'complete' | 'reject' | null>;
}

export interface IeoProjectsTable {
  id: Generated<string>;
  coin: string;
  name: string;
  issue_amount: string;
  unit_price: string;
  price_range: string;
  min_quantity: string;
  max_quantity: string;
  start_at: string;
  end_at: string;
  listing_at: string;
  announcement_at: string;
  white_paper: string;
  expected_return: string;
  description: string;
  cancelled: Generated<boolean>;
  settled_at: string | null;
  created_at: string;
}

export interface IeoApplicationsTable {
  id: Generated<string>;
  project_id: string;
  user_id: string;
  quantity: string;
  amount: string;
  allotted: string | null;
  paid: string | null;
  remaining: string | null;
  status: 'pending' | 'applying' | 'completed' | 'cancelled';
  created_at: string;
  settled_at: string | null;
}

export type EarnTables = {
  exchange_records: ExchangeRecordsTable;
  otc_ads: OtcAdsTable;
  otc_orders: OtcOrdersTable;
  ieo_projects: IeoProjectsTable;
  ieo_applications: IeoApplicationsTable;
};

export type EarnDb = Kysely<Database & EarnTables>;

export function earnDb(db: Db | Kysely<Database>): EarnDb {
  return db.withTables<EarnTables>();
}
