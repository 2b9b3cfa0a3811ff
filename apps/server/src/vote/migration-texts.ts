import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * `0780_vote_texts`: a poll's title, description and option labels per language (ADR 243). The
 * plain columns stay the texts of record; `options_i18n` is an array with one map per option.
 */
export async function up(db: Kysely<Database>): Promise<void> {
  await sql`
    alter table polls
      add column title_i18n jsonb not null default '{}'::jsonb,
      add column description_i18n jsonb not null default '{}'::jsonb,
      add column options_i18n jsonb not null default '[]'::jsonb`.execute(db);
}

export const VOTE_TEXTS_MIGRATION = { version: '0780_vote_texts', up } as const;
