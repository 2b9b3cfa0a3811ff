import type { Translations } from '@ex/contract';
import type { Generated, Kysely } from 'kysely';
import type { Db } from '../db/db.ts';
import type { Database } from '../db/schema.ts';

// Row shapes of migration 0300_community. int8 arrives as a string (db.ts); jsonb as an object.

export interface ContentItemsTable {
  id: Generated<string>;
  kind: 'notice' | 'news';
  translations: Translations | string;
  published: boolean;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface MessagesTable {
  id: Generated<string>;
  user_id: string;
  translations: Translations | string;
  broadcast_id: string | null;
  created_at: string;
  read_at: string | null;
}

export interface CheckinsTable {
  user_id: string;
  day: number;
  streak: number;
  points: number;
  created_at: string;
}

export interface PointsLedgerTable {
  id: Generated<string>;
  user_id: string;
  amount: number;
  balance_after: number;
  reason: string;
  ref: string;
  created_at: string;
}

export type CommunityTables = {
  content_items: ContentItemsTable;
  messages: MessagesTable;
  checkins: CheckinsTable;
  points_ledger: PointsLedgerTable;
};

export type CommunityDb = Kysely<Database & CommunityTables>;

export function communityDb(db: Db | Kysely<Database>): CommunityDb {
  return db.withTables<CommunityTables>();
}
