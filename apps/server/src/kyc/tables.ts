import type { Generated, Kysely, Selectable } from 'kysely';
import type { Db } from '../db/db.ts';
import type { Database } from '../db/schema.ts';

// Row shapes of migration 0200_kyc_bank. int8 arrives as a string (db.ts).

export interface UserUploadsTable {
  path: string;
  user_id: string;
  created_at: string;
}

export interface KycApplicationsTable {
  id: Generated<string>;
  user_id: string;
  status: 'under_audit' | 'passed' | 'failed';
  country: string;
  family_name: string;
  given_name: string;
  document_type: 'id_card' | 'passport' | 'driver_license';
  document_number: string;
  front_image: string;
  back_image: string | null;
  face_image: string;
  reason: string | null;
  submitted_at: string;
  reviewed_at: string | null;
  reviewed_by: string | null;
}

export interface BankCardsTable {
  id: Generated<string>;
  user_id: string;
  bank_name: string;
  card_number: string;
  branch_name: string | null;
  branch_code: string | null;
  holder_name: string;
  created_at: string;
}

export type KycTables = {
  user_uploads: UserUploadsTable;
  kyc_applications: KycApplicationsTable;
  bank_cards: BankCardsTable;
};

export type KycDb = Kysely<Database & KycTables>;

export function kycDb(db: Db | Kysely<Database>): KycDb {
  return db.withTables<KycTables>();
}

/** bigserial ids: anything that is not a plain positive integer cannot name a row. */
export function isRowId(id: string): boolean {
  return /^[1-9]\d{0,17}$/.test(id);
}

export type BankCardRow = Selectable<BankCardsTable>;
export type KycRow = Selectable<KycApplicationsTable>;
