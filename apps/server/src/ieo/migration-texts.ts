import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { TextsColumn } from '../earn/texts.ts';

/**
 * `0800_ieo_texts`: an IEO project's name and description per language (ADR 243). The plain
 * columns stay the texts of record; the maps beside them are `{}` when none is given.
 */
export async function up(db: Kysely<Database>): Promise<void> {
  await sql`
    alter table ieo_projects
      add column name_i18n jsonb not null default '{}'::jsonb,
      add column description_i18n jsonb not null default '{}'::jsonb`.execute(db);
}

export const IEO_TEXTS_MIGRATION = { version: '0800_ieo_texts', up } as const;

/** The columns this migration adds, beside the row shape of 0400 (`exchange/tables.ts`). */
export type IeoTextTables = {
  ieo_projects: { name_i18n: TextsColumn; description_i18n: TextsColumn };
};
