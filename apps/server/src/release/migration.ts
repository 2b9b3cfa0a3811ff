import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * `0100_releases`: numbered well above the account migrations so the two sequences never collide.
 * The bundle itself lives on disk (DATA_DIR/releases/<id>.zip); the row holds what the update
 * answer and the audit need. One version per platform, so a re-upload cannot swap the bytes
 * behind a version devices have already verified.
 */
export async function up(db: Kysely<Database>): Promise<void> {
  await sql`
    create table releases (
      id text primary key,
      -- Publication order: ids are random and tests run on a frozen clock, so neither orders rows.
      seq bigserial not null unique,
      platform text not null check (platform in ('android', 'ios')),
      version text not null,
      min_native_version text not null,
      rollout_percent integer not null check (rollout_percent between 0 and 100),
      release_content text not null,
      md5 text not null,
      sha256 text not null,
      signature text not null,
      size_bytes int8 not null,
      created_by text,
      created_at int8 not null,
      unique (platform, version)
    )`.execute(db);
  await sql`create index releases_platform on releases (platform, seq desc)`.execute(db);
}

export const RELEASES_MIGRATION = { version: '0100_releases', up } as const;
