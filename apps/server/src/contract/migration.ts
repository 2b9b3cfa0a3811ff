import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * `0720_contract_orders` (issue 8, ADRs 136 and 139): what a contract order was asked to do (time in
 * force, self-trade prevention, the trigger of a conditional order and when it fired), who made it
 * (the user, or the engine for a TP/SL, liquidation or ADL) and what its fills cost and realised.
 */
async function up(db: Kysely<Database>): Promise<void> {
  await sql`alter table orders add column tif text`.execute(db);
  await sql`alter table orders add column stp text`.execute(db);
  await sql`alter table orders add column trigger_price numeric`.execute(db);
  await sql`alter table orders add column trigger_by text`.execute(db);
  await sql`alter table orders add column callback_rate numeric`.execute(db);
  await sql`alter table orders add column triggered_at int8`.execute(db);
  await sql`alter table orders add column origin text`.execute(db);
  await sql`alter table orders add column fee numeric not null default 0`.execute(db);
  await sql`alter table orders add column realised_pnl numeric not null default 0`.execute(db);
}

export const CONTRACT_ORDERS_MIGRATION = { version: '0720_contract_orders', up } as const;
