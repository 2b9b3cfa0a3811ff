import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * `0400_exchange_otc_ieo`: flash exchange records, OTC ads and orders, IEO projects and
 * applications. Balances never live here: every money move is an engine `ledgerTransfer` and these
 * rows only remember what was done (ADRs 075-077). Amounts are decimal strings at the coin's
 * scale (text): quantities of an IEO can exceed int8 in the smallest unit.
 */
export async function up(db: Kysely<Database>): Promise<void> {
  await sql`
    create table exchange_records (
      id text primary key,
      user_id bigint not null references users (id),
      from_coin text not null,
      to_coin text not null,
      amount text not null,
      receive text not null,
      price text not null,
      fee text not null,
      created_at int8 not null
    )`.execute(db);
  await sql`create index exchange_records_user on exchange_records (user_id, created_at desc)`.execute(db);

  await sql`
    create table otc_ads (
      id bigserial primary key,
      side text not null check (side in ('buy', 'sell')),
      coin text not null,
      fiat text not null,
      price text not null,
      min text not null,
      max text not null,
      payment_methods jsonb not null,
      broker_contact text,
      active boolean not null,
      created_at int8 not null
    )`.execute(db);
  await sql`
    create table otc_orders (
      id bigserial primary key,
      user_id bigint not null references users (id),
      ad_id bigint not null references otc_ads (id),
      side text not null check (side in ('buy', 'sell')),
      coin text not null,
      fiat text not null,
      quantity text not null,
      price text not null,
      total text not null,
      payment_method text not null,
      remarks text not null,
      bank text not null,
      phone text not null,
      status text not null check (status in ('review', 'completed', 'rejected')),
      reason text,
      created_at int8 not null,
      reviewed_at int8
    )`.execute(db);
  await sql`create index otc_orders_user on otc_orders (user_id, id desc)`.execute(db);
  await sql`create index otc_orders_status on otc_orders (status, id desc)`.execute(db);

  await sql`
    create table ieo_projects (
      id bigserial primary key,
      coin text not null,
      name text not null,
      issue_amount text not null,
      unit_price text not null,
      price_range text not null,
      min_quantity text not null,
      max_quantity text not null,
      start_at int8 not null,
      end_at int8 not null,
      listing_at int8 not null,
      announcement_at int8 not null,
      white_paper text not null,
      expected_return text not null,
      description text not null,
      cancelled boolean not null default false,
      settled_at int8,
      created_at int8 not null
    )`.execute(db);
  await sql`
    create table ieo_applications (
      id bigserial primary key,
      project_id bigint not null references ieo_projects (id),
      user_id bigint not null references users (id),
      quantity text not null,
      amount text not null,
      allotted text,
      paid text,
      remaining text,
      status text not null check (status in ('applying', 'completed', 'cancelled')),
      created_at int8 not null,
      settled_at int8
    )`.execute(db);
  await sql`create index ieo_applications_user on ieo_applications (user_id, id desc)`.execute(db);
  await sql`create index ieo_applications_project on ieo_applications (project_id, id)`.execute(db);
}

export const EXCHANGE_OTC_IEO_MIGRATION = { version: '0400_exchange_otc_ieo', up } as const;
