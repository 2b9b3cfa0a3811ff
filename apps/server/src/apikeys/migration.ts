import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * `0700_api_keys` (issue 12 item 4, ADR 202): keys per user, soft-deleted so a deleted key's id
 * stays unknown-forever; `api_key_signatures` remembers each used signature until its receive
 * window is over, so a replayed request is refused on every node (the primary key decides).
 */
async function up(db: Kysely<Database>): Promise<void> {
  await sql`
    create table api_keys (
      id bigserial primary key,
      user_id bigint not null references users(id),
      label text not null,
      api_key text not null unique,
      secret text not null,
      permissions text not null,
      ip_allow text not null default '',
      expires_at int8,
      last_used_at int8,
      created_at int8 not null,
      deleted_at int8
    )`.execute(db);
  await sql`create index api_keys_user on api_keys (user_id) where deleted_at is null`.execute(db);
  await sql`
    create table api_key_signatures (
      key_id bigint not null,
      signature text not null,
      expires_at int8 not null,
      primary key (key_id, signature)
    )`.execute(db);
  await sql`create index api_key_signatures_expiry on api_key_signatures (expires_at)`.execute(db);
}

export const API_KEYS_MIGRATION = { version: '0700_api_keys', up } as const;
