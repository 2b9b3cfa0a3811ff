// A trade's public id (ADR 254). The engine names a fill after its taker order
// (`<taker order id>:<fill index>`), and the orders the engine makes itself carry their owner in
// their id (`tier:<user>:<market>:<mode>:<side>:#n`, `tp:<user>|...`): shown as is, the public
// trades list told anyone who was liquidated or whose take profit fired, and a maker's fill told
// the maker the taker's order. Outside the engine a trade is therefore named by where it happened,
// the journal command and its place among that command's trades, which says nothing of who traded.
// The projector writes it into `trades.public_id`; the market data derives the same from the same
// events; every answer that names a trade uses it.

import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The `k`-th trade (from 0) of journal command `seq`. */
export function publicTradeId(seq: number | string, k: number): string {
  return `${seq}-${k}`;
}

/**
 * `0810_trade_public_ids`: trades get `public_id`; the rows already there are numbered in their
 * command by their engine id (the order the engine made them in is not stored; any fixed order gives
 * each old trade one id for good).
 */
async function up(db: Kysely<Database>): Promise<void> {
  await sql`alter table trades add column public_id text`.execute(db);
  await sql`
    update trades t set public_id = n.seq::text || '-' || n.k::text
      from (select id, seq, row_number() over (partition by seq order by id) - 1 as k from trades) n
     where n.id = t.id`.execute(db);
  await sql`alter table trades alter column public_id set not null`.execute(db);
}

export const TRADE_PUBLIC_IDS_MIGRATION = { version: '0810_trade_public_ids', up } as const;
