import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Admin, OutboxPage, PageQuery } from '@ex/contract';
import type { CaptchaService } from '../account/captcha.ts';
import { LoginThrottle } from '../account/limiter.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../account/passwords.ts';
import type { TokenStore } from '../account/tokens.ts';
import type { Clock } from '../clock.ts';
import type { RateLimitConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { AppError } from '../http/errors.ts';
import { opsDb } from '../ops/tables.ts';
import { AdminSecurity } from './security.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@exchange.local';
/** Where versions before ADR 127 kept the generated password in plain text. */
export const LEGACY_CREDENTIALS_FILE = 'admin-credentials.txt';

/** Where an operator login comes from, and the captcha it carries (ADR 101). */
export interface LoginAttempt {
  /** The caller's address key (http/client.ts). */
  client?: string;
  captcha?: CaptchaService;
  captchaKey?: string;
  captchaCode?: string;
}

export class AdminService {
  /** No lock an attacker can aim at the operator: delays and a captcha step-up (issue 7 item 7). */
  private readonly logins: LoginThrottle;
  /** TOTP, password rotation, logout and session facts (admin/security.ts, ADR 125/126). */
  readonly security: AdminSecurity;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly tokens: TokenStore,
    _rateLimit: RateLimitConfig,
  ) {
    this.logins = new LoginThrottle(db, clock, 'admin-login');
    this.security = new AdminSecurity(db, clock, tokens);
  }

  async login(
    email: string,
    password: string,
    otp?: string,
    attempt: LoginAttempt = {},
  ): Promise<{ token: string; admin: Admin }> {
    const key = email.trim().toLowerCase();
    const client = attempt.client ?? 'unknown';
    const captchaOn = attempt.captcha?.enabled === true;
    // A captcha is asked for only after failures (step-up), but one sent along is always checked.
    const solved = captchaOn && attempt.captchaKey !== undefined;
    if (solved) await attempt.captcha!.check(attempt.captchaKey, attempt.captchaCode);
    const gate = await this.logins.begin(key, client, solved, captchaOn);
    if (!gate.ok) {
      if (gate.need === 'captcha') throw new AppError('CAPTCHA_REQUIRED');
      throw new AppError('LOGIN_DELAYED', { seconds: Math.ceil(gate.ms / 1000) });
    }
    const row = await this.db.selectFrom('admins').selectAll().where('email', '=', key).executeTakeFirst();
    let valid = false;
    if (row) valid = await verifyPassword(row.password_hash, password);
    else await burnPasswordCheck(password);
    if (!row || !valid) throw new AppError('INVALID_CREDENTIALS');
    // Told only to someone who knows the password: a disabled operator stays out (ADR 160).
    const status = await opsDb(this.db)
      .selectFrom('admins')
      .select('disabled_at')
      .where('id', '=', row.id)
      .executeTakeFirst();
    if (status?.disabled_at != null) throw new AppError('ADMIN_DISABLED');
    // The password was right: the TOTP step has its own attempt limit (ADR 125).
    await this.logins.succeeded(key, client);
    // The second factor, once enrolled (ADR 125): a token is issued only after both.
    await this.security.checkLoginCode(row.id, otp);
    const token = await this.tokens.issue('admin', row.id);
    return { token, admin: { id: row.id, email: row.email, created_at: Number(row.created_at) } };
  }

  async outbox(page: PageQuery): Promise<OutboxPage> {
    const total = await this.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await this.db
      .selectFrom('outbox')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute();
    return {
      list: rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        to: r.recipient,
        subject: r.subject,
        body: r.body,
        code: r.code,
        scene: r.scene,
        created_at: Number(r.created_at),
      })),
      total: Number(total.n),
      page: page.page,
      limit: page.limit,
    };
  }

  async createAdmin(email: string, password: string): Promise<void> {
    await this.db
      .insertInto('admins')
      .values({
        email: email.toLowerCase(),
        password_hash: await hashPassword(password),
        created_at: String(this.clock.now()),
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
  }

  /**
   * Makes sure an operator can log in after the first start (ADR 127). With ADMIN_EMAIL/ADMIN_PASSWORD
   * that account is created when missing and the password is never echoed (the operator chose it).
   * Otherwise a password is generated once and returned once, for the start-up banner, and written
   * nowhere: later starts answer `password: null`, and the operator rotates it in the console.
   * A DATA_DIR/admin-credentials.txt left by an older version (the password in plain text) is
   * shown one last time and deleted.
   */
  async bootstrap(options: {
    dataDir: string;
    email: string | undefined;
    password: string | undefined;
  }): Promise<{ email: string; password: string | null }> {
    if (options.email && options.password) {
      const exists = await this.db
        .selectFrom('admins')
        .select('id')
        .where('email', '=', options.email.toLowerCase())
        .executeTakeFirst();
      if (!exists) await this.createAdmin(options.email, options.password);
      return { email: options.email.toLowerCase(), password: null };
    }
    const legacy = join(options.dataDir, LEGACY_CREDENTIALS_FILE);
    const any = await this.db.selectFrom('admins').select('email').orderBy('id').executeTakeFirst();
    if (any) {
      const stored = existsSync(legacy) ? parseCredentials(readFileSync(legacy, 'utf8')) : null;
      rmSync(legacy, { force: true });
      return stored && stored.email === any.email ? stored : { email: any.email, password: null };
    }
    const password = randomBytes(12).toString('base64url');
    await this.createAdmin(DEFAULT_ADMIN_EMAIL, password);
    return { email: DEFAULT_ADMIN_EMAIL, password };
  }
}

function parseCredentials(text: string): { email: string; password: string } | null {
  const email = /^email=(.+)$/m.exec(text)?.[1];
  const password = /^password=(.+)$/m.exec(text)?.[1];
  return email && password ? { email, password } : null;
}
