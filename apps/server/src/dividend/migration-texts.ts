import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * `0790_dividend_texts`: a dividend plan's title per language (ADR 243). `title` stays the text
 * of record; `title_i18n` beside it maps a language to its title, `{}` when none.
 */
export async function up(db: Kysely<Database>): Promise<void> {
  await sql`alter table dividend_pools add column title_i18n jsonb not null default '{}'::jsonb`.execute(db);
}

export const DIVIDEND_TEXTS_MIGRATION = { version: '0790_dividend_texts', up } as const;
