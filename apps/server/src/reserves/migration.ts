import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * `0600_liabilities`: one row per published snapshot (root, sums, signature, the reserve figure of
 * that moment) and one leaf per user with its salt (ADR 140). Leaves are kept so a user's path can
 * be rebuilt on request; the salts stay private to their user.
 */
export async function up(db: Kysely<Database>): Promise<void> {
  await sql`
    create table liability_snapshots (
      id bigserial primary key,
      created_at int8 not null,
      trigger text not null check (trigger in ('daily', 'operator')),
      assets jsonb not null,
      root_hash text not null,
      root_sums jsonb not null,
      signature text not null,
      public_key text not null,
      users integer not null check (users >= 0),
      negative_accounts integer not null check (negative_accounts >= 0),
      reserve_usdc numeric(40, 0),
      reserve_source text not null
    )`.execute(db);
  await sql`
    create table liability_leaves (
      snapshot_id bigint not null references liability_snapshots (id),
      user_id text not null,
      salt text not null,
      balances jsonb not null,
      primary key (snapshot_id, user_id)
    )`.execute(db);
}

export const LIABILITIES_MIGRATION = { version: '0600_liabilities', up };
