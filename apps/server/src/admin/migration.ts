import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * `0125_admin_security` (ADR 125/126): the operator's second factor and password history.
 * - `totp_secret` is set by setup and only counts once `totp_enabled_at` is set (the first code
 *   proved the app has it); re-running setup before that replaces it.
 * - `totp_last_step` is the RFC 6238 time step of the last accepted code: a code is good once,
 *   so one seen over a shoulder or in a proxy log cannot be replayed within its 30 s window.
 * - `totp_failures` / `totp_failed_at` count wrong codes atomically (counted before checking).
 */
export async function up(db: Kysely<Database>): Promise<void> {
  await sql`alter table admins add column totp_secret text`.execute(db);
  await sql`alter table admins add column totp_enabled_at int8`.execute(db);
  await sql`alter table admins add column totp_last_step int8`.execute(db);
  await sql`alter table admins add column totp_failures integer not null default 0`.execute(db);
  await sql`alter table admins add column totp_failed_at int8`.execute(db);
  await sql`alter table admins add column password_changed_at int8`.execute(db);
}

export const ADMIN_SECURITY_MIGRATION = { version: '0125_admin_security', up } as const;

/** The columns above, as the drivers return them (int8 as strings, see db/db.ts). */
export interface AdminSecurityColumns {
  totp_secret: string | null;
  totp_enabled_at: string | null;
  totp_last_step: string | null;
  totp_failures: number;
  totp_failed_at: string | null;
  password_changed_at: string | null;
}
