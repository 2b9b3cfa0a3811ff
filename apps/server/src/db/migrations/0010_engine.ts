import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * `0010_engine`: the trading core's journal, snapshots and the projections derived from its events
 * (ADR 010, 011). Amounts are NUMERIC in the asset's smallest unit (integers): the decimal point is
 * added at the edge from the asset's scale, so no row ever holds a rounded value. Ids come from the
 * events (journal seq, entry seq, order ids, trade ids), so a projection written twice is the same row.
 */
export async function up(db: Kysely<Database>): Promise<void> {
  await sql`
    create table engine_commands (
      seq int8 primary key,
      type text not null,
      body text not null,
      ts int8 not null
    )`.execute(db);
  await sql`
    create table engine_snapshots (
      seq int8 primary key,
      state text not null,
      state_hash text not null,
      ts int8 not null
    )`.execute(db);
  // One row per (journal entry, account): the net change and the balance after, per bucket too
  // (the audit recomputes every bucket from these rows).
  await sql`
    create table ledger_entries (
      id text primary key,
      entry_seq int8 not null,
      command_seq int8 not null,
      owner text not null,
      account text not null,
      coin text not null,
      type text not null,
      ref_id text not null,
      amount numeric not null,
      available_delta numeric not null,
      frozen_delta numeric not null,
      available_after numeric not null,
      frozen_after numeric not null,
      created_at int8 not null
    )`.execute(db);
  await sql`create index ledger_entries_owner on ledger_entries (owner, entry_seq desc)`.execute(db);
  await sql`
    create table orders (
      id text primary key,
      user_id text not null,
      market text not null,
      kind text not null,
      side text not null,
      type text not null,
      action text,
      margin_mode text,
      leverage integer,
      price numeric,
      quantity numeric not null,
      quote_amount numeric,
      filled numeric not null default 0,
      filled_value numeric not null default 0,
      status text not null,
      client_order_id text,
      created_at int8 not null,
      updated_at int8 not null
    )`.execute(db);
  await sql`create index orders_user on orders (user_id, kind, status, created_at desc)`.execute(db);
  await sql`create unique index orders_client_id on orders (user_id, client_order_id) where client_order_id is not null`.execute(
    db,
  );
  await sql`
    create table trades (
      id text primary key,
      market text not null,
      price numeric not null,
      qty numeric not null,
      taker_side text not null,
      maker_order_id text not null,
      taker_order_id text not null,
      buyer_id text not null,
      seller_id text not null,
      value numeric not null,
      buyer_fee numeric not null,
      seller_fee numeric not null,
      seq int8 not null,
      ts int8 not null
    )`.execute(db);
  await sql`create index trades_market on trades (market, seq desc)`.execute(db);
  await sql`create index trades_ts on trades (ts)`.execute(db);
  await sql`
    create table transfers (
      id text primary key,
      user_id text not null,
      coin text not null,
      from_account text not null,
      to_account text not null,
      amount numeric not null,
      created_at int8 not null
    )`.execute(db);
  await sql`create index transfers_user on transfers (user_id, created_at desc)`.execute(db);
  await sql`
    create table position_history (
      id text primary key,
      user_id text not null,
      market text not null,
      margin_mode text not null,
      side text not null,
      size numeric not null,
      cost numeric not null,
      margin numeric not null,
      realised_pnl numeric not null,
      fees numeric not null,
      funding numeric not null,
      closed boolean not null,
      ts int8 not null
    )`.execute(db);
  await sql`create index position_history_user on position_history (user_id, ts desc)`.execute(db);
  // Idempotency-Key: the first request's command reference, written in the same commit as its effect.
  await sql`
    create table idempotency_keys (
      user_id text not null,
      scope text not null,
      key text not null,
      request_hash text not null,
      ref_id text not null,
      created_at int8 not null,
      primary key (user_id, scope, key)
    )`.execute(db);
}
