import type { Generated, Kysely } from 'kysely';
import type { Db } from '../db/db.ts';
import type { Database } from '../db/schema.ts';
import type { TextsColumn } from '../earn/texts.ts';

// Row shapes of migration 0450_ai. int8 and numeric arrive as strings.

export interface AiProductsTable {
  id: Generated<string>;
  name: string;
  /** Migration 0770_earn_texts: the name per language (ADR 243). */
  name_i18n: TextsColumn;
  coin: string;
  kind: 'current' | 'fixed';
  days: number;
  daily_rate_min_ppm: number;
  daily_rate_max_ppm: number;
  min_amount: string;
  max_amount: string;
  early_fee_bp: number;
  enabled: boolean;
  created_at: string;
}

export interface AiOrdersTable {
  id: Generated<string>;
  user_id: string;
  product_id: string;
  coin: string;
  kind: 'current' | 'fixed';
  amount: string;
  days: number;
  daily_rate_ppm: number;
  early_fee_bp: number;
  interest: string;
  fee: string;
  status: 'pending' | 'active' | 'settled' | 'redeemed';
  start_day: number;
  last_day: number;
  started_at: string;
  maturity_at: string | null;
  settled_at: string | null;
}

export interface AiAccrualsTable {
  order_id: string;
  day: number;
  amount: string;
  created_at: string;
}

export type AiTables = {
  ai_products: AiProductsTable;
  ai_orders: AiOrdersTable;
  ai_accruals: AiAccrualsTable;
};

export type AiDb = Kysely<Database & AiTables>;

export function aiDb(db: Db | Kysely<Database>): AiDb {
  return db.withTables<AiTables>();
}
