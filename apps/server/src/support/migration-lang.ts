import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * `0830_support_ticket_lang`: the language a ticket's user writes in, the request's language when
 * they opened the ticket, appealed (ADR 268) or wrote last. What the server writes to them about
 * the ticket outside the app, an operator's reply mailed to a disabled account, is in it: such a
 * user has no session whose language the server could read. Null on tickets filed before: the
 * default language.
 */
async function up(db: Kysely<Database>): Promise<void> {
  await sql`alter table support_tickets add column lang text`.execute(db);
}

export const SUPPORT_TICKET_LANG_MIGRATION = { version: '0830_support_ticket_lang', up } as const;
