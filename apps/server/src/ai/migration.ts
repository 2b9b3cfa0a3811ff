import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * `0450_ai`: AI quantified savings (ADR 080). Amounts are integers of the coin's smallest unit in
 * numeric columns (never floats); rates are integer ppm a day and fees integer basis points.
 * `ai_accruals` has one row per order and UTC day: the accrual job is idempotent per day.
 */
export async function up(db: Kysely<Database>): Promise<void> {
  await sql`
    create table ai_products (
      id bigserial primary key,
      name text not null,
      coin text not null,
      kind text not null check (kind in ('current', 'fixed')),
      days integer not null check (days >= 0),
      daily_rate_min_ppm integer not null check (daily_rate_min_ppm >= 0),
      daily_rate_max_ppm integer not null check (daily_rate_max_ppm >= daily_rate_min_ppm),
      min_amount numeric(40, 0) not null check (min_amount > 0),
      max_amount numeric(40, 0) not null check (max_amount >= min_amount),
      early_fee_bp integer not null check (early_fee_bp between 0 and 10000),
      enabled boolean not null default true,
      created_at int8 not null
    )`.execute(db);

  await sql`
    create table ai_orders (
      id bigserial primary key,
      user_id text not null,
      product_id bigint not null references ai_products (id),
      coin text not null,
      kind text not null,
      amount numeric(40, 0) not null check (amount > 0),
      days integer not null,
      daily_rate_ppm integer not null,
      early_fee_bp integer not null,
      interest numeric(40, 0) not null default 0,
      fee numeric(40, 0) not null default 0,
      status text not null check (status in ('pending', 'active', 'settled', 'redeemed')),
      start_day integer not null,
      last_day integer not null,
      started_at int8 not null,
      maturity_at int8,
      settled_at int8
    )`.execute(db);
  await sql`create index ai_orders_user on ai_orders (user_id, status, id desc)`.execute(db);
  await sql`create index ai_orders_active on ai_orders (id) where status = 'active'`.execute(db);

  await sql`
    create table ai_accruals (
      order_id bigint not null references ai_orders (id),
      day integer not null,
      amount numeric(40, 0) not null,
      created_at int8 not null,
      primary key (order_id, day)
    )`.execute(db);
}

export const AI_MIGRATION = { version: '0450_ai', up };
