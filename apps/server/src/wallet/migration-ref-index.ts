import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * `0820_idempotency_ref_index`: a ledger page names a product money move from the caller's own
 * idempotency key of the entry's command (ADR 255, `wallet/refs.ts` `productMoves`). The primary key
 * (user_id, scope, key) made that a scan of all the caller's money and earn keys per page; this
 * index makes it one lookup per command. The table is written only for money moves and API
 * idempotency keys, not for plain order placements, so the group commit's cost does not change.
 */
async function up(db: Kysely<Database>): Promise<void> {
  await sql`create index idempotency_keys_user_ref on idempotency_keys (user_id, ref_id)`.execute(db);
}

export const IDEMPOTENCY_REF_INDEX_MIGRATION = { version: '0820_idempotency_ref_index', up } as const;
