import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * `0300_community`: notices and news (text per language in jsonb), in-app messages (one row per
 * recipient, ADR 072), daily check-ins (one row per user and UTC day, ADR 071) and the points
 * ledger every credit goes through. `users.points` and `users.member_level` (0001) hold the totals.
 */
export async function up(db: Kysely<Database>): Promise<void> {
  await sql`
    create table content_items (
      id bigserial primary key,
      kind text not null check (kind in ('notice', 'news')),
      translations jsonb not null,
      published boolean not null default false,
      published_at int8,
      created_at int8 not null,
      updated_at int8 not null
    )`.execute(db);
  await sql`create index content_items_public on content_items (kind, published_at desc, id desc) where published`.execute(
    db,
  );

  await sql`
    create table messages (
      id bigserial primary key,
      user_id bigint not null references users (id),
      translations jsonb not null,
      broadcast_id text,
      created_at int8 not null,
      read_at int8
    )`.execute(db);
  await sql`create index messages_user on messages (user_id, id desc)`.execute(db);
  await sql`create index messages_unread on messages (user_id) where read_at is null`.execute(db);

  await sql`
    create table checkins (
      user_id bigint not null references users (id),
      day integer not null,
      streak integer not null check (streak > 0),
      points integer not null check (points > 0),
      created_at int8 not null,
      primary key (user_id, day)
    )`.execute(db);

  // Points are whole numbers: an integer column, never a float. (reason, ref) makes a credit once-only.
  await sql`
    create table points_ledger (
      id bigserial primary key,
      user_id bigint not null references users (id),
      amount integer not null,
      balance_after integer not null,
      reason text not null,
      ref text not null,
      created_at int8 not null,
      unique (reason, ref)
    )`.execute(db);
  await sql`create index points_ledger_user on points_ledger (user_id, id desc)`.execute(db);
  await sql`create index users_inviter on users (inviter_id) where inviter_id is not null`.execute(db);
}

export const COMMUNITY_MIGRATION = { version: '0300_community', up } as const;
