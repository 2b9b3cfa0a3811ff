import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * `0410_money_moves` (ADR 114): flash exchange, OTC and IEO rows are written before their money
 * moves, so a crash between a move and its row leaves a `pending` row that recovery completes
 * (every move carries an idempotency key, so completing it twice moves nothing more).
 */
export async function up(db: Kysely<Database>): Promise<void> {
  await sql`alter table exchange_records add column status text not null default 'done'
    check (status in ('pending', 'done', 'failed'))`.execute(db);
  await sql`create index exchange_records_pending on exchange_records (status) where status = 'pending'`.execute(
    db,
  );
  await sql`alter table otc_orders drop constraint otc_orders_status_check`.execute(db);
  await sql`alter table otc_orders add constraint otc_orders_status_check
    check (status in ('pending', 'review', 'completed', 'rejected'))`.execute(db);
  // The operator's decision, written before its money move: a retry or recovery finishes the same one.
  await sql`alter table otc_orders add column pending_action text
    check (pending_action in ('complete', 'reject'))`.execute(db);
  await sql`alter table ieo_applications drop constraint ieo_applications_status_check`.execute(db);
  await sql`alter table ieo_applications add constraint ieo_applications_status_check
    check (status in ('pending', 'applying', 'completed', 'cancelled'))`.execute(db);
}

export const MONEY_MOVES_MIGRATION = { version: '0410_money_moves', up } as const;
