import type { AdminSession, AdminTotpSetup } from '@ex/contract';
import type { Kysely } from 'kysely';
import { generateSecret, generateURI, verifySync } from 'otplib';
import { hashPassword, verifyPassword } from '../account/passwords.ts';
import type { TokenStore } from '../account/tokens.ts';
import { reserveTotpAttempt } from '../account/totp.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { opsDb } from '../ops/tables.ts';
import type { AdminSecurityColumns } from './migration.ts';
import { DEFAULT_ADMIN_SESSION, SessionTokenStore } from './session.ts';

// The same attempt limit as users' second factor (account/totp.ts), counted by the same statement.
export { TOTP_LOCK_MS, TOTP_MAX_FAILURES } from '../account/totp.ts';

/** One 30 s step either side, for clock drift between the phone and the server (RFC 6238 §5.2). */
const TOTP_TOLERANCE_S = 30;
const TOTP_ISSUER = 'Exchange operator';

type AdminDb = Kysely<Database & { admins: Database['admins'] & AdminSecurityColumns }>;

/**
 * The operator account's own security (ADR 125/126): TOTP enrolment and its check at login,
 * password rotation that ends every other session, logout, and the session facts the console shows.
 */
export class AdminSecurity {
  private readonly adb: AdminDb;

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly tokens: TokenStore,
  ) {
    this.adb = db.withTables<{ admins: Database['admins'] & AdminSecurityColumns }>() as AdminDb;
  }

  private async row(adminId: string) {
    const row = await this.adb.selectFrom('admins').selectAll().where('id', '=', adminId).executeTakeFirst();
    if (!row) throw new AppError('UNAUTHORIZED');
    return row;
  }

  /**
   * Called by the login after the password matched. Before enrolment nothing is asked; after it a
   * missing code is its own refusal (the console then shows the code field) and a wrong one counts.
   */
  async checkLoginCode(adminId: string, otp: string | undefined): Promise<void> {
    const row = await this.row(adminId);
    if (row.totp_enabled_at === null || row.totp_secret === null) return;
    if (!otp) throw new AppError('ADMIN_TOTP_REQUIRED');
    await this.consumeCode(adminId, row.totp_secret, otp);
  }

  /**
   * Counts the attempt first (one atomic statement, so parallel guesses cannot all slip under the
   * limit), then checks the code, then consumes its time step: a code is accepted once only.
   */
  private async consumeCode(adminId: string, secret: string, code: string): Promise<void> {
    const now = this.clock.now();
    await reserveTotpAttempt(this.adb, 'admins', adminId, now);
    const result = verifySync({
      secret,
      token: code,
      epoch: Math.floor(now / 1000),
      epochTolerance: TOTP_TOLERANCE_S,
    });
    // The TOTP strategy reports the matched time step; the union type also covers HOTP.
    if (!result.valid || !('timeStep' in result)) throw new AppError('ADMIN_TOTP_INVALID');
    const step = String(result.timeStep);
    const used = await this.adb
      .updateTable('admins')
      .set({ totp_last_step: step, totp_failures: 0, totp_failed_at: null })
      .where('id', '=', adminId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .returning('id')
      .executeTakeFirst();
    if (!used) throw new AppError('ADMIN_TOTP_INVALID');
  }

  /** Starts (or restarts) enrolment: a fresh secret that counts only after `enableTotp`. */
  async setupTotp(adminId: string): Promise<AdminTotpSetup> {
    const row = await this.row(adminId);
    if (row.totp_enabled_at !== null) throw new AppError('ADMIN_TOTP_ALREADY_ENABLED');
    const secret = generateSecret();
    await this.adb
      .updateTable('admins')
      .set({ totp_secret: secret, totp_last_step: null, totp_failures: 0, totp_failed_at: null })
      .where('id', '=', adminId)
      .where('totp_enabled_at', 'is', null)
      .execute();
    return { secret, otpauth_uri: generateURI({ issuer: TOTP_ISSUER, label: row.email, secret }) };
  }

  /**
   * The first good code switches TOTP on. Sessions opened before (password only) end, except
   * this one: from now on every session has passed both factors.
   */
  async enableTotp(adminId: string, tokenId: string, code: string): Promise<void> {
    const row = await this.row(adminId);
    if (row.totp_enabled_at !== null) throw new AppError('ADMIN_TOTP_ALREADY_ENABLED');
    if (row.totp_secret === null) throw new AppError('ADMIN_TOTP_NOT_STARTED');
    await this.consumeCode(adminId, row.totp_secret, code);
    await this.adb
      .updateTable('admins')
      .set({ totp_enabled_at: String(this.clock.now()) })
      .where('id', '=', adminId)
      .where('totp_enabled_at', 'is', null)
      .execute();
    await this.tokens.revokeAll('admin', adminId, undefined, tokenId);
  }

  /**
   * Rotation: the current password is required even inside a live session (a borrowed or stolen
   * session cannot lock the operator out), and every other operator session ends (411).
   */
  async changePassword(
    adminId: string,
    tokenId: string,
    oldPassword: string,
    newPassword: string,
  ): Promise<void> {
    const row = await this.row(adminId);
    if (!(await verifyPassword(row.password_hash, oldPassword))) throw new AppError('OLD_PASSWORD_WRONG');
    if (oldPassword === newPassword) throw new AppError('ADMIN_PASSWORD_UNCHANGED');
    const hash = await hashPassword(newPassword);
    // Only if the hash is still the one just verified: two rotations racing cannot both win.
    const changed = await this.adb
      .updateTable('admins')
      .set({ password_hash: hash, password_changed_at: String(this.clock.now()) })
      .where('id', '=', adminId)
      .where('password_hash', '=', row.password_hash)
      .returning('id')
      .executeTakeFirst();
    if (!changed) throw new AppError('OLD_PASSWORD_WRONG');
    await this.tokens.revokeAll('admin', adminId, undefined, tokenId);
  }

  async logout(tokenId: string): Promise<void> {
    await this.tokens.revoke(tokenId);
  }

  async session(adminId: string, tokenId: string): Promise<AdminSession> {
    const row = await this.row(adminId);
    const policy = this.tokens instanceof SessionTokenStore ? this.tokens.adminPolicy : DEFAULT_ADMIN_SESSION;
    const token = await this.adb
      .selectFrom('tokens')
      .select(['created_at', 'expires_at'])
      .where('id', '=', tokenId)
      .executeTakeFirstOrThrow();
    const op = await opsDb(this.adb as unknown as Db)
      .selectFrom('admins')
      .select('role')
      .where('id', '=', adminId)
      .executeTakeFirstOrThrow();
    return {
      id: row.id,
      email: row.email,
      role: op.role,
      totp_enabled: row.totp_enabled_at !== null,
      password_changed_at: row.password_changed_at === null ? null : Number(row.password_changed_at),
      idle_expires_at: Number(token.expires_at),
      absolute_expires_at: Number(token.created_at) + policy.absoluteMs,
    };
  }
}
