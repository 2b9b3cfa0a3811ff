import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * `0610_ledger_transfer_sides` (ADR 150): rows written before the projector named each side of a
 * spot <-> contract transfer carry the core's one type on both accounts (the spot row of a transfer
 * into contract read `transferIn` with a negative amount). Renames them by the sign of the row:
 * leaving the account is `transferOut`, arriving is `transferIn`. Amounts and balances are untouched,
 * so the audit sums stay what they were; running it twice changes nothing.
 */
export async function up(db: Kysely<Database>): Promise<void> {
  await sql`
    update ledger_entries
       set type = case when amount < 0 then 'transferOut' else 'transferIn' end
     where type in ('transferIn', 'transferOut')`.execute(db);
}

export const LEDGER_TRANSFER_SIDES_MIGRATION = { version: '0610_ledger_transfer_sides', up } as const;
