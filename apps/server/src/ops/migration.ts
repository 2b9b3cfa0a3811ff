import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * `0160_operator_console` (issue 10 item 4, ADR 160-162):
 * - `admins.role`: every operator already there becomes `admin` (they could do everything before);
 *   `disabled_at` ends an operator without deleting the rows the audit log points at.
 * - `operator_audit`: append-only. Triggers refuse UPDATE, DELETE and TRUNCATE on PostgreSQL and
 *   PGlite alike, so no code path (ours or a mistaken one) can rewrite what an operator did
 *   (ADR 161). No foreign key to `admins` and `admin_email` copied: an entry outlives its operator.
 * - `market_settings`: one row per market an operator has touched; absent means trading as usual.
 */
export async function up(db: Kysely<Database>): Promise<void> {
  await sql`alter table admins add column role text not null default 'admin'`.execute(db);
  await sql`alter table admins add constraint admins_role check (role in ('admin', 'reviewer', 'support'))`.execute(
    db,
  );
  await sql`alter table admins add column disabled_at int8`.execute(db);

  await sql`
    create table operator_audit (
      id bigserial primary key,
      admin_id bigint,
      admin_email text not null,
      action text not null,
      target_type text,
      target_id text,
      before jsonb,
      after jsonb,
      ip text,
      request_id text,
      created_at int8 not null
    )`.execute(db);
  await sql`create index operator_audit_created on operator_audit (created_at desc, id desc)`.execute(db);
  await sql`create index operator_audit_target on operator_audit (target_type, target_id)`.execute(db);
  await sql`create index operator_audit_admin on operator_audit (admin_id, id desc)`.execute(db);
  await sql`
    create function operator_audit_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'operator_audit is append-only (ADR 161)';
    end
    $$`.execute(db);
  await sql`
    create trigger operator_audit_no_update_delete before update or delete on operator_audit
    for each row execute function operator_audit_append_only()`.execute(db);
  await sql`
    create trigger operator_audit_no_truncate before truncate on operator_audit
    for each statement execute function operator_audit_append_only()`.execute(db);

  await sql`
    create table market_settings (
      symbol text primary key,
      paused_at int8,
      paused_reason text,
      updated_at int8 not null
    )`.execute(db);
}

export const OPERATOR_CONSOLE_MIGRATION = { version: '0160_operator_console', up } as const;
