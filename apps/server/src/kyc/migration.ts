import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * `0200_kyc_bank`: identity applications, bound bank cards, and who uploaded which image (the
 * upload route in system/ does not record it; kyc/uploads.ts does, so an application can only name
 * the caller's own images).
 */
export async function up(db: Kysely<Database>): Promise<void> {
  await sql`
    create table user_uploads (
      path text primary key,
      user_id bigint not null references users (id),
      created_at int8 not null
    )`.execute(db);

  await sql`
    create table kyc_applications (
      id bigserial primary key,
      user_id bigint not null references users (id),
      status text not null check (status in ('under_audit', 'passed', 'failed')),
      country text not null,
      family_name text not null,
      given_name text not null,
      document_type text not null check (document_type in ('id_card', 'passport', 'driver_license')),
      document_number text not null,
      front_image text not null,
      back_image text,
      face_image text not null,
      reason text,
      submitted_at int8 not null,
      reviewed_at int8,
      reviewed_by bigint
    )`.execute(db);
  // One application under audit per user, enforced by the database even when two submits race.
  await sql`create unique index kyc_one_open on kyc_applications (user_id) where status = 'under_audit'`.execute(
    db,
  );
  await sql`create index kyc_user on kyc_applications (user_id, id desc)`.execute(db);
  await sql`create index kyc_status on kyc_applications (status, id desc)`.execute(db);

  await sql`
    create table bank_cards (
      id bigserial primary key,
      user_id bigint not null references users (id),
      bank_name text not null,
      card_number text not null,
      branch_name text,
      branch_code text,
      holder_name text not null,
      created_at int8 not null,
      unique (user_id, card_number)
    )`.execute(db);
}

export const KYC_MIGRATION = { version: '0200_kyc_bank', up } as const;
