import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * `0770_earn_texts`: the names of AI quant and staking products per language (ADR 243). `name`
 * stays the text of record; `name_i18n` beside it maps a language to its name, `{}` when none.
 */
export async function up(db: Kysely<Database>): Promise<void> {
  await sql`alter table ai_products add column name_i18n jsonb not null default '{}'::jsonb`.execute(db);
  await sql`alter table staking_products add column name_i18n jsonb not null default '{}'::jsonb`.execute(db);
}

export const EARN_TEXTS_MIGRATION = { version: '0770_earn_texts', up } as const;
