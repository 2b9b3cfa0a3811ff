import type { Generated, Kysely } from 'kysely';
import type { Db } from '../db/db.ts';
import type { Database } from '../db/schema.ts';
import type { TextsColumn } from '../earn/texts.ts';

// Row shapes of migration 0460_staking. int8 and numeric arrive as strings.

export interface StakingProductsTable {
  id: Generated<string>;
  name: string;
  /** Migration 0770_earn_texts: the name per language (ADR 243). */
  name_i18n: TextsColumn;
  coin: string;
  days: number;
  daily_rate_ppm: number;
  min_amount: string;
  max_amount: string;
  enabled: boolean;
  created_at: string;
}

export interface StakesTable {
  id: Generated<string>;
  user_id: string;
  product_id: string;
  coin: string;
  amount: string;
  days: number;
  daily_rate_ppm: number;
  interest: string;
  status: 'pending' | 'review' | 'active' | 'settled' | 'outstanding' | 'rejected';
  reason: string | null;
  created_at: string;
  due_at: string | null;
  settled_at: string | null;
}

export type StakingTables = { staking_products: StakingProductsTable; stakes: StakesTable };
export type StakingDb = Kysely<Database & StakingTables>;

export function stakingDb(db: Db | Kysely<Database>): StakingDb {
  return db.withTables<StakingTables>();
}
