import type { Generated, Kysely } from 'kysely';
import type { Db } from '../db/db.ts';
import type { Database } from '../db/schema.ts';
import type { TextsColumn } from '../earn/texts.ts';

export interface DividendPoolsTable {
  id: Generated<string>;
  title: string;
  /** Migration 0790_dividend_texts: the title per language (ADR 243). */
  title_i18n: TextsColumn;
  coin: string;
  total: string;
  status: 'pending' | 'funded';
  created_at: string;
}

export interface DividendClaimsTable {
  id: Generated<string>;
  pool_id: string;
  user_id: string;
  amount: string;
  claimed_at: string | null;
}

export type DividendTables = { dividend_pools: DividendPoolsTable; dividend_claims: DividendClaimsTable };
export type DividendDb = Kysely<Database & DividendTables>;

export function dividendDb(db: Db | Kysely<Database>): DividendDb {
  return db.withTables<DividendTables>();
}
