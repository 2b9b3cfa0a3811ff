import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * `0740_support` (issue 12 item 2, ADR 208): FAQ articles with their texts per language as JSON,
 * tickets with unread flags for both sides, and the messages of a ticket (an optional private
 * upload as attachment).
 */
async function up(db: Kysely<Database>): Promise<void> {
  await sql`
    create table faq_articles (
      id bigserial primary key,
      title text not null,
      body text not null,
      position int not null default 0,
      published boolean not null default true,
      created_at int8 not null,
      updated_at int8 not null
    )`.execute(db);
  await sql`
    create table support_tickets (
      id bigserial primary key,
      user_id bigint not null references users(id),
      subject text not null,
      status text not null check (status in ('open', 'answered', 'closed')),
      user_unread boolean not null default false,
      admin_unread boolean not null default true,
      created_at int8 not null,
      updated_at int8 not null
    )`.execute(db);
  await sql`create index support_tickets_user on support_tickets (user_id, id desc)`.execute(db);
  await sql`create index support_tickets_status on support_tickets (status, updated_at desc)`.execute(db);
  await sql`
    create table support_messages (
      id bigserial primary key,
      ticket_id bigint not null references support_tickets(id),
      author text not null check (author in ('user', 'operator')),
      admin_id bigint,
      body text not null,
      image text,
      created_at int8 not null
    )`.execute(db);
  await sql`create index support_messages_ticket on support_messages (ticket_id, id)`.execute(db);
}

export const SUPPORT_MIGRATION = { version: '0740_support', up } as const;
