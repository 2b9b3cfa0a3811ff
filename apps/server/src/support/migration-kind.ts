import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * `0840_support_ticket_kind`: how a ticket came, `ticket` (opened in the app) or `appeal` (a
 * disabled account's appeal from the login screen, ADR 268). The console marked appeals by their
 * subject, which any user may type: an ordinary ticket so named read as an appeal and a later appeal
 * joined it.
 *
 * Backfill: the appeal path files only for a disabled account, and a disabled account has no
 * session to open an ordinary ticket, so a ticket with the appeal's subject filed while its user was
 * disabled is an appeal. "While disabled": at or after the user's current `banned_at`, or (the user
 * was unbanned or banned again since) when the last ban or unban in the audit log before the ticket
 * was a ban. A ticket with that subject filed while the account was active was typed by its user
 * and stays `ticket`; so does an appeal filed during a ban that left no audit entry and was lifted
 * since (the console then shows it without the appeal notice, which matters only while the
 * account is disabled).
 */
// The appeal's subject as the server wrote it until this migration (APPEAL_SUBJECT then), written
// out: a migration keeps doing what it did when the constant changes.
const APPEAL_SUBJECT_0840 = 'Appeal: account disabled';

async function up(db: Kysely<Database>): Promise<void> {
  await sql`
    alter table support_tickets add column kind text not null default 'ticket'
      check (kind in ('ticket', 'appeal'))`.execute(db);
  await sql`
    update support_tickets t set kind = 'appeal'
    where t.subject = ${APPEAL_SUBJECT_0840}
      and (
        exists (
          select 1 from users u
          where u.id = t.user_id and u.banned_at is not null and u.banned_at <= t.created_at
        )
        or (
          select a.action from operator_audit a
          where a.target_type = 'user' and a.target_id = t.user_id::text
            and a.action in ('user.ban', 'user.unban') and a.created_at <= t.created_at
          order by a.created_at desc, a.id desc
          limit 1
        ) = 'user.ban'
      )`.execute(db);
}

export const SUPPORT_TICKET_KIND_MIGRATION = { version: '0840_support_ticket_kind', up } as const;
