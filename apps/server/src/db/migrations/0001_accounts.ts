import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.ts';

export async function up(db: Kysely<Database>): Promise<void> {
  await sql`
    create table users (
      id bigserial primary key,
      email text unique,
      phone text,
      area_code text,
      password_hash text not null,
      trade_password_hash text,
      nickname text not null,
      avatar text,
      points integer not null default 0,
      verified boolean not null default false,
      member_level integer not null default 0,
      invite_code text not null unique,
      inviter_id bigint references users (id),
      banned_at int8,
      created_at int8 not null,
      unique (area_code, phone),
      check (email is not null or phone is not null)
    )`.execute(db);

  await sql`
    create table admins (
      id bigserial primary key,
      email text not null unique,
      password_hash text not null,
      created_at int8 not null
    )`.execute(db);

  // One table for both token kinds; every lookup filters by kind, so a user token never opens
  // /api/admin and an admin token never opens /api/app.
  await sql`
    create table tokens (
      id bigserial primary key,
      kind text not null check (kind in ('user', 'admin')),
      subject_id bigint not null,
      token_hash text not null unique,
      created_at int8 not null,
      expires_at int8 not null,
      revoked_at int8
    )`.execute(db);
  await sql`create index tokens_subject on tokens (kind, subject_id) where revoked_at is null`.execute(db);

  await sql`
    create table verification_codes (
      id bigserial primary key,
      target text not null,
      scene text not null,
      code_hash text not null,
      attempts integer not null default 0,
      created_at int8 not null,
      expires_at int8 not null,
      used_at int8
    )`.execute(db);
  await sql`create index verification_codes_target on verification_codes (target, created_at desc)`.execute(
    db,
  );

  await sql`
    create table outbox (
      id bigserial primary key,
      channel text not null check (channel in ('email', 'sms')),
      recipient text not null,
      subject text not null,
      body text not null,
      code text,
      scene text,
      created_at int8 not null
    )`.execute(db);

  await sql`
    create table captchas (
      key text primary key,
      answer_hash text not null,
      expires_at int8 not null
    )`.execute(db);
}
