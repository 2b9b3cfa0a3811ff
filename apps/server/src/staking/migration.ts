import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * `0460_staking`: DeFi staking (ADR 081). Amounts are integers of the coin's smallest unit.
 * `max_active` per product is the upper limit of open stakes (review, active, outstanding) a user
 * may hold in it.
 */
export async function up(db: Kysely<Database>): Promise<void> {
  await sql`
    create table staking_products (
      id bigserial primary key,
      name text not null,
      coin text not null,
      days integer not null check (days > 0),
      daily_rate_ppm integer not null check (daily_rate_ppm >= 0),
      min_amount numeric(40, 0) not null check (min_amount > 0),
      max_amount numeric(40, 0) not null check (max_amount >= min_amount),
      enabled boolean not null default true,
      created_at int8 not null
    )`.execute(db);
  await sql`
    create table stakes (
      id bigserial primary key,
      user_id text not null,
      product_id bigint not null references staking_products (id),
      coin text not null,
      amount numeric(40, 0) not null check (amount > 0),
      days integer not null,
      daily_rate_ppm integer not null,
      interest numeric(40, 0) not null,
      status text not null check (status in ('pending', 'review', 'active', 'settled', 'outstanding', 'rejected')),
      reason text,
      created_at int8 not null,
      due_at int8,
      settled_at int8
    )`.execute(db);
  await sql`create index stakes_user on stakes (user_id, id desc)`.execute(db);
  await sql`create index stakes_open on stakes (status, id)`.execute(db);
}

export const STAKING_MIGRATION = { version: '0460_staking', up };
