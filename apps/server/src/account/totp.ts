import { createHash, randomInt } from 'node:crypto';
import { type Kysely, type QueryExecutorProvider, sql } from 'kysely';
import { generateSecret, generateURI, verifySync } from 'otplib';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';

// Two-factor authentication of users (issue 12 item 3, ADR 204), the operator approach of ADR 125:
// RFC 6238 through otplib (SHA-1, 6 digits, 30 s, one step of drift), enrol then confirm, a code
// good once (last accepted step moves forward atomically), guesses counted before the check.

export const TOTP_ISSUER = 'Exchange';
export const TOTP_TOLERANCE_S = 30;
export const TOTP_MAX_FAILURES = 5;
export const TOTP_LOCK_MS = 15 * 60_000;
export const RECOVERY_CODES = 10;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

interface TotpColumns {
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_enabled_at: string | null;
  totp_last_step: string | null;
  totp_failures: number;
  totp_failed_at: string | null;
}
interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
}
type TotpTables = { users: Database['users'] & TotpColumns; user_recovery_codes: RecoveryCodesTable };

async function up(db: Kysely<Database>): Promise<void> {
  await sql`alter table users add column totp_secret text`.execute(db);
  await sql`alter table users add column totp_pending_secret text`.execute(db);
  await sql`alter table users add column totp_enabled_at int8`.execute(db);
  await sql`alter table users add column totp_last_step int8`.execute(db);
  await sql`alter table users add column totp_failures int not null default 0`.execute(db);
  await sql`alter table users add column totp_failed_at int8`.execute(db);
  await sql`
    create table user_recovery_codes (
      id bigserial primary key,
      user_id bigint not null references users(id),
      code_hash text not null,
      used_at int8
    )`.execute(db);
  await sql`create index user_recovery_codes_user on user_recovery_codes (user_id)`.execute(db);
}
export const USER_TOTP_MIGRATION = { version: '0720_user_totp', up } as const;

const hash = (code: string) => createHash('sha256').update(code).digest('hex');

/** The time step a 6-digit code matches at `nowMs` (with one step of drift), or null. */
export function matchStep(secret: string, code: string, nowMs: number): number | null {
  const result = verifySync({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: TOTP_TOLERANCE_S,
  });
  return result.valid && 'timeStep' in result ? Number(result.timeStep) : null;
}

export class TotpService {
  private readonly db;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.db = db.withTables<TotpTables>();
  }

  private async row(userId: string) {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!row) throw new AppError('UNAUTHORIZED');
    return row;
  }

  async status(userId: string): Promise<{ enabled: boolean; recovery_codes_left: number }> {
    const row = await this.row(userId);
    const { n } = await this.db
      .selectFrom('user_recovery_codes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return {
      enabled: row.totp_enabled_at !== null,
      recovery_codes_left: row.totp_enabled_at ? Number(n) : 0,
    };
  }

  /** A fresh secret that counts for nothing until `enable` gets a valid code from it. */
  async setup(userId: string): Promise<{ secret: string; otpauth_uri: string }> {
    const row = await this.row(userId);
    if (row.totp_enabled_at !== null) throw new AppError('TOTP_ALREADY_ENABLED');
    const secret = generateSecret();
    await this.db
      .updateTable('users')
      .set({ totp_pending_secret: secret })
      .where('id', '=', userId)
      .execute();
    const label = row.email ?? `${row.area_code ?? ''}${row.phone ?? ''}`;
    return { secret, otpauth_uri: generateURI({ issuer: TOTP_ISSUER, label, secret }) };
  }

  /** Confirms the pending secret with a code; answers the recovery codes, the only time they are shown. */
  async enable(userId: string, code: string): Promise<{ recovery_codes: string[] }> {
    const row = await this.row(userId);
    if (row.totp_enabled_at !== null) throw new AppError('TOTP_ALREADY_ENABLED');
    if (!row.totp_pending_secret) throw new AppError('TOTP_SETUP_FIRST');
    await this.countAttempt(userId);
    const step = matchStep(row.totp_pending_secret, code, this.clock.now());
    if (step === null) throw new AppError('TOTP_INVALID');
    const codes = Array.from({ length: RECOVERY_CODES }, () =>
      Array.from({ length: 10 }, () => BASE32[randomInt(0, 32)]).join(''),
    );
    await this.db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('users')
        .set({
          totp_secret: row.totp_pending_secret,
          totp_pending_secret: null,
          totp_enabled_at: String(this.clock.now()),
          totp_last_step: String(step),
          totp_failures: 0,
          totp_failed_at: null,
        })
        .where('id', '=', userId)
        .where('totp_enabled_at', 'is', null)
        .executeTakeFirst();
      if (done.numUpdatedRows !== 1n) throw new AppError('TOTP_ALREADY_ENABLED');
      await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
      await trx
        .insertInto('user_recovery_codes')
        .values(codes.map((c) => ({ user_id: userId, code_hash: hash(c), used_at: null })) as never)
        .execute();
    });
    return { recovery_codes: codes };
  }

  async disable(userId: string, code: string): Promise<void> {
    await this.verify(userId, code);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null })
        .where('id', '=', userId)
        .execute();
      await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
    });
  }

  /** For actions 2FA guards (API keys, ADR 204): a code is needed once 2FA is on, else nothing. */
  async verifyIfEnabled(userId: string, code: string | undefined): Promise<void> {
    if (await this.enabled(userId)) await this.verify(userId, code);
  }

  /** True when the user has two-factor authentication on. */
  async enabled(userId: string): Promise<boolean> {
    return (await this.row(userId)).totp_enabled_at !== null;
  }

  /**
   * Checks a 6-digit code (good once: its step must be after the last accepted one) or a recovery
   * code (good once: marked used in the statement that accepts it). Refuses when 2FA is off.
   */
  async verify(userId: string, code: string | undefined): Promise<void> {
    const row = await this.row(userId);
    if (row.totp_enabled_at === null || row.totp_secret === null) throw new AppError('TOTP_NOT_ENABLED');
    if (code === undefined || code === '') throw new AppError('TOTP_REQUIRED');
    await this.countAttempt(userId);
    if (/^[A-Z2-7]{10}$/.test(code)) {
      const used = await this.db
        .updateTable('user_recovery_codes')
        .set({ used_at: String(this.clock.now()) })
        .where('user_id', '=', userId)
        .where('code_hash', '=', hash(code))
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (used.numUpdatedRows !== 1n) throw new AppError('TOTP_INVALID');
    } else {
      const step = /^\d{6}$/.test(code) ? matchStep(row.totp_secret, code, this.clock.now()) : null;
      if (step === null) throw new AppError('TOTP_INVALID');
      const moved = await this.db
        .updateTable('users')
        .set({ totp_last_step: String(step) })
        .where('id', '=', userId)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]))
        .executeTakeFirst();
      if (moved.numUpdatedRows !== 1n) throw new AppError('TOTP_INVALID');
    }
    await this.db
      .updateTable('users')
      .set({ totp_failures: 0, totp_failed_at: null })
      .where('id', '=', userId)
      .execute();
  }

  /** Counted before the check, in one statement: parallel guesses cannot share the last try. */
  private async countAttempt(userId: string): Promise<void> {
    await reserveTotpAttempt(this.db, 'users', userId, this.clock.now());
  }
}

/**
 * One TOTP attempt of a user or an operator, counted BEFORE the code is checked, in one atomic
 * statement: the failure counter restarts after `TOTP_LOCK_MS`, and once it reached
 * `TOTP_MAX_FAILURES` inside that window no row matches and the attempt is refused (429), so
 * parallel guesses cannot all slip under the limit. The caller resets the counter on success.
 */
export async function reserveTotpAttempt(
  db: QueryExecutorProvider,
  table: 'users' | 'admins',
  id: string,
  nowMs: number,
): Promise<void> {
  const windowStart = String(nowMs - TOTP_LOCK_MS);
  const reserved = await sql<{ id: string }>`
    update ${sql.table(table)}
    set totp_failures = case when totp_failed_at is null or totp_failed_at <= ${windowStart}::int8
                             then 1 else totp_failures + 1 end,
        totp_failed_at = ${String(nowMs)}::int8
    where id = ${id}
      and (totp_failures < ${TOTP_MAX_FAILURES} or totp_failed_at is null or totp_failed_at <= ${windowStart}::int8)
    returning id`.execute(db);
  if (reserved.rows.length === 0) throw new AppError('RATE_LIMITED');
}
