import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** `0470_dividend`: dividend pools and one claim row per pool and user (ADR 082). */
export async function up(db: Kysely<Database>): Promise<void> {
  await sql`
    create table dividend_pools (
      id bigserial primary key,
      title text not null,
      coin text not null,
      total numeric(40, 0) not null check (total > 0),
      status text not null check (status in ('pending', 'funded')),
      created_at int8 not null
    )`.execute(db);
  await sql`
    create table dividend_claims (
      id bigserial primary key,
      pool_id bigint not null references dividend_pools (id),
      user_id text not null,
      amount numeric(40, 0) not null check (amount > 0),
      claimed_at int8,
      unique (pool_id, user_id)
    )`.execute(db);
  await sql`create index dividend_claims_user on dividend_claims (user_id, id desc)`.execute(db);
}

export const DIVIDEND_MIGRATION = { version: '0470_dividend', up };
