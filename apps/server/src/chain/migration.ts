import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * `0250_chain`: USDC TRC20 deposit addresses, deposits seen on chain and withdrawals. Amounts are
 * NUMERIC in the coin's smallest unit (USDC: 6 places, as on TRON). `seq` orders rows: ids are
 * random and tests run on a frozen clock.
 */
export async function up(db: Kysely<Database>): Promise<void> {
  // The derivation index is the numeric user id, so an address never needs an allocation step.
  await sql`
    create table chain_addresses (
      user_id text primary key,
      idx int8 not null unique,
      coin text not null,
      network text not null,
      address text not null unique,
      created_at int8 not null
    )`.execute(db);
  // One row per txid, matched or not: a replayed txid finds its row and changes nothing.
  await sql`
    create table chain_deposits (
      id text primary key,
      seq bigserial not null unique,
      txid text not null unique,
      coin text not null,
      network text not null,
      address text not null,
      from_address text,
      amount numeric not null,
      user_id text,
      status text not null check (status in ('applying', 'received', 'failed')),
      ref_id text,
      created_at int8 not null,
      updated_at int8 not null
    )`.execute(db);
  await sql`create index chain_deposits_user on chain_deposits (user_id, seq desc)`.execute(db);
  // status 'pending' = written before the engine froze the funds (removed if the engine refuses);
  // engine_done = the terminal engine command (settle or refund) has been applied.
  await sql`
    create table withdrawals (
      id text primary key,
      seq bigserial not null unique,
      user_id text not null,
      coin text not null,
      network text not null,
      address text not null,
      amount numeric not null,
      fee numeric not null,
      status text not null check (status in
        ('pending', 'under_review', 'completed', 'review_failed', 'paying', 'success', 'failed')),
      txid text,
      reason text,
      reviewed_by text,
      reviewed_at int8,
      engine_done boolean not null default false,
      created_at int8 not null,
      updated_at int8 not null
    )`.execute(db);
  await sql`create index withdrawals_user on withdrawals (user_id, seq desc)`.execute(db);
  await sql`create index withdrawals_status on withdrawals (status, seq desc)`.execute(db);
}

export const CHAIN_MIGRATION = { version: '0250_chain', up };
