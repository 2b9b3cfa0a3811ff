import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * `0710_sessions` (issue 12 item 5, ADR 203): what a session was opened from (device, address,
 * browser) and when it was last used, so the owner can recognise and end it; `login_history`
 * keeps every login, also of sessions long ended, and tells a new device from a known one.
 */
async function up(db: Kysely<Database>): Promise<void> {
  await sql`alter table tokens add column device text`.execute(db);
  await sql`alter table tokens add column ip text`.execute(db);
  await sql`alter table tokens add column user_agent text`.execute(db);
  await sql`alter table tokens add column last_seen_at int8`.execute(db);
  await sql`
    create table login_history (
      id bigserial primary key,
      user_id bigint not null references users(id),
      device_key text not null,
      device text,
      ip text,
      user_agent text,
      new_device boolean not null,
      created_at int8 not null
    )`.execute(db);
  await sql`create index login_history_user on login_history (user_id, id desc)`.execute(db);
  await sql`create index login_history_device on login_history (user_id, device_key)`.execute(db);
}

export const SESSIONS_MIGRATION = { version: '0710_sessions', up } as const;
