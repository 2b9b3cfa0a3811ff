import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * `0500_chain_deposit_events` (ADR 122): a deposit is one USDC Transfer event, not one transaction.
 * The key becomes (txid, event_index); rows from before are index 0, which is what the old code
 * credited (the first transfer). `chain_cursor` keeps the last confirmed block the watcher fully
 * processed, so a restart resumes there however long the server was down.
 */
async function up(db: Kysely<Database>): Promise<void> {
  await sql`alter table chain_deposits add column event_index int4 not null default 0`.execute(db);
  await sql`alter table chain_deposits drop constraint chain_deposits_txid_key`.execute(db);
  await sql`alter table chain_deposits add constraint chain_deposits_txid_event unique (txid, event_index)`.execute(
    db,
  );
  await sql`
    create table chain_cursor (
      name text primary key,
      block int8 not null,
      block_ts int8 not null,
      updated_at int8 not null
    )`.execute(db);
}

export const CHAIN_EVENTS_MIGRATION = { version: '0500_chain_deposit_events', up } as const;
