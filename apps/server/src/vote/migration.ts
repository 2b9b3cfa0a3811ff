import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** `0480_vote`: polls (options as a jsonb array of labels) and one vote per poll and user (ADR 083). */
export async function up(db: Kysely<Database>): Promise<void> {
  await sql`
    create table polls (
      id bigserial primary key,
      title text not null,
      description text not null,
      options jsonb not null,
      starts_at int8 not null,
      ends_at int8 not null check (ends_at > starts_at),
      created_at int8 not null
    )`.execute(db);
  await sql`
    create table poll_votes (
      poll_id bigint not null references polls (id),
      user_id text not null,
      option integer not null check (option >= 0),
      created_at int8 not null,
      primary key (poll_id, user_id)
    )`.execute(db);
}

export const VOTE_MIGRATION = { version: '0480_vote', up };
