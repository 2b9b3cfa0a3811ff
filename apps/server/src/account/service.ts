import { randomInt } from 'node:crypto';
import type {
  BindRequest,
  ChangePasswordRequest,
  ForgetRequest,
  LoginRequest,
  ProfileRequest,
  RegisterRequest,
  SendCodeRequest,
  TradePasswordRequest,
  User,
} from '@ex/contract';
import type { Lang } from '@ex/i18n';
import type { Clock } from '../clock.ts';
import type { RateLimitConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { AppError } from '../http/errors.ts';
import type { CaptchaService } from './captcha.ts';
import { type CodeService, type Requester, type Target, targetOf } from './codes.ts';
import { FailureLimiter, LoginThrottle } from './limiter.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';
import { findUserById, findUserByInviteCode, findUserByTarget, toUser, type UserRow } from './queries.ts';
import type { TokenStore } from './tokens.ts';

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < 8; i += 1) code += INVITE_ALPHABET[randomInt(0, INVITE_ALPHABET.length)];
  return code;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** Reset tries per account address per hour, whatever the codes (issue 7 item 6). */
export const FORGET_TRIES_PER_TARGET_PER_HOUR = 10;

/**
 * The 2FA check of a security change (ADR 204): runs after the method's own checks (so a wrong
 * password or code does not use up an authenticator code) and before anything changes.
 */
export type SecondFactor = () => Promise<void>;
const noSecondFactor: SecondFactor = async () => {};

export interface AuthResult {
  token: string;
  user: User;
}

/** Every account rule; routes only parse, call one method and wrap the result. */
export class AccountService {
  private readonly logins: LoginThrottle;
  /** Reset tries per target: new codes every minute must not multiply the five tries of each. */
  private readonly forgetTries: FailureLimiter;
  /** Wrong current passwords on password change: a stolen session must not guess it unhindered. */
  private readonly oldPasswordFailures: FailureLimiter;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly tokens: TokenStore,
    private readonly codes: CodeService,
    private readonly captcha: CaptchaService,
    rateLimit: RateLimitConfig,
  ) {
    this.logins = new LoginThrottle(db, clock, 'login');
    this.forgetTries = new FailureLimiter(db, clock, 'forget', FORGET_TRIES_PER_TARGET_PER_HOUR, 3_600_000);
    this.oldPasswordFailures = new FailureLimiter(
      db,
      clock,
      'old-password',
      rateLimit.loginFailuresPerAccount,
      rateLimit.loginLockMs,
    );
  }

  private targetsOf(user: UserRow): Target[] {
    const list: Target[] = [];
    if (user.email) list.push(targetOf('email', user.email));
    if (user.phone) list.push(targetOf('phone', user.phone, user.area_code));
    return list;
  }

  /**
   * The same answer whether or not the account exists (issue 7 item 10, ADR 102): a register code
   * goes out even for a taken address (only its owner reads it, and only they then learn
   * ACCOUNT_EXISTS), and a reset for an unknown address does all the work but the delivery.
   */
  async sendCode(
    input: SendCodeRequest,
    lang: Lang,
    currentUserId: string | undefined,
    requester: Requester = {},
  ): Promise<void> {
    await this.captcha.check(input.captcha_key, input.captcha_code);
    const target = targetOf(input.type, input.account, input.area_code);
    const owner = await findUserByTarget(this.db, target);
    let deliver = true;
    switch (input.scene) {
      case 'register':
        break;
      case 'bind':
        // Binding an address to one's own account: logged-in only, and no "taken" answer here (the
        // code goes to the address; the binding step decides), so it is no enumeration oracle.
        if (currentUserId === undefined) throw new AppError('UNAUTHORIZED');
        break;
      case 'forget':
        deliver = owner !== undefined;
        break;
      case 'security':
        if (currentUserId === undefined) throw new AppError('UNAUTHORIZED');
        if (!owner || owner.id !== currentUserId) throw new AppError('SECURITY_ACCOUNT_MISMATCH');
        break;
    }
    await this.codes.send(target, input.scene, lang, requester, deliver);
  }

  /**
   * The code comes first, always, invitation or not (issue 7 item 9): it proves the address, and
   * only a holder of the address learns whether it is already registered.
   */
  async register(input: RegisterRequest): Promise<AuthResult> {
    await this.captcha.check(input.captcha_key, input.captcha_code);
    const target = targetOf(input.type, input.account, input.area_code);
    const codeId = await this.codes.verify([target], 'register', input.code);
    let inviterId: string | null = null;
    if (input.invite_code !== undefined) {
      const inviter = await findUserByInviteCode(this.db, input.invite_code);
      if (!inviter) throw new AppError('INVITE_CODE_INVALID');
      inviterId = inviter.id;
    }
    if (await findUserByTarget(this.db, target)) throw new AppError('ACCOUNT_EXISTS');
    const passwordHash = await hashPassword(input.password);
    const now = this.clock.now();
    try {
      return await this.db.transaction().execute(async (trx) => {
        await this.codes.consume(codeId, trx);
        const row = await trx
          .insertInto('users')
          .values({
            email: target.channel === 'email' ? target.address : null,
            phone: target.channel === 'sms' ? input.account : null,
            area_code: target.channel === 'sms' ? (input.area_code ?? null) : null,
            password_hash: passwordHash,
            trade_password_hash: null,
            nickname:
              target.channel === 'email'
                ? (target.address.split('@')[0] ?? 'user')
                : `user${input.account.slice(-4)}`,
            avatar: null,
            invite_code: newInviteCode(),
            inviter_id: inviterId,
            banned_at: null,
            created_at: String(now),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const token = await this.tokens.issue('user', row.id, trx);
        return { token, user: toUser(row) };
      });
    } catch (error) {
      // The check above ran outside the transaction; the unique index is the final word on races.
      if (isUniqueViolation(error)) throw new AppError('ACCOUNT_EXISTS');
      throw error;
    }
  }

  /**
   * No lock an attacker can aim at the owner (issue 7 item 7, ADR 101): failures slow down and then
   * ask for a captcha per (account, client); with the image captcha on, every login carries one,
   * so the right password always gets in. `client` is the caller's address key (http/client.ts).
   */
  async login(
    input: LoginRequest,
    client = 'unknown',
    /** Runs after the password passed, before a token exists: the 2FA gate (ADR 204). */
    secondFactor: (userId: string) => Promise<void> = async () => {},
  ): Promise<AuthResult> {
    await this.captcha.check(input.captcha_key, input.captcha_code);
    const target = targetOf(input.type, input.account, input.area_code);
    const gate = await this.logins.begin(target.key, client, this.captcha.enabled, this.captcha.enabled);
    if (!gate.ok) {
      if (gate.need === 'captcha') throw new AppError('CAPTCHA_REQUIRED');
      throw new AppError('LOGIN_DELAYED', { seconds: Math.ceil(gate.ms / 1000) });
    }
    const user = await findUserByTarget(this.db, target);
    if (!user) {
      await burnPasswordCheck(input.password);
      throw new AppError('INVALID_CREDENTIALS');
    }
    if (!(await verifyPassword(user.password_hash, input.password))) {
      throw new AppError('INVALID_CREDENTIALS');
    }
    await this.logins.succeeded(target.key, client);
    if (user.banned_at !== null) throw new AppError('ACCOUNT_BANNED');
    await secondFactor(user.id);
    const token = await this.tokens.issue('user', user.id);
    return { token, user: toUser(user) };
  }

  /**
   * Captcha, a per-address budget of tries, then the code: and the same answer (CODE_INVALID) and
   * the same hashing work for an address without an account (issue 7 items 6 and 10).
   */
  async forget(input: ForgetRequest): Promise<void> {
    await this.captcha.check(input.captcha_key, input.captcha_code);
    const target = targetOf(input.type, input.account, input.area_code);
    if ((await this.forgetTries.attempt(target.key)) > 0) throw new AppError('RESET_TOO_MANY_ATTEMPTS');
    const codeId = await this.codes.verify([target], 'forget', input.code);
    const passwordHash = await hashPassword(input.password);
    const user = await findUserByTarget(this.db, target);
    await this.db.transaction().execute(async (trx) => {
      await this.codes.consume(codeId, trx);
      if (!user) return;
      await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
      await this.tokens.revokeAll('user', user.id, trx);
    });
    if (!user) throw new AppError('CODE_INVALID');
    await this.forgetTries.reset(target.key);
  }

  async logout(tokenId: string): Promise<void> {
    await this.tokens.revoke(tokenId);
  }

  async info(userId: string): Promise<User> {
    const user = await findUserById(this.db, userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    return toUser(user);
  }

  async setTradePassword(
    userId: string,
    input: TradePasswordRequest,
    secondFactor: SecondFactor = noSecondFactor,
  ): Promise<void> {
    const user = await findUserById(this.db, userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    const codeId = await this.codes.verify(this.targetsOf(user), 'security', input.code);
    await secondFactor();
    const hash = await hashPassword(input.password);
    await this.db.transaction().execute(async (trx) => {
      await this.codes.consume(codeId, trx);
      await trx.updateTable('users').set({ trade_password_hash: hash }).where('id', '=', userId).execute();
    });
  }

  async changePassword(
    userId: string,
    input: ChangePasswordRequest,
    secondFactor: SecondFactor = noSecondFactor,
  ): Promise<{ token: string }> {
    const user = await findUserById(this.db, userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    const key = `user:${userId}`;
    // Counted before the check: parallel guesses cannot share the last free try (issue 7 item 6).
    if ((await this.oldPasswordFailures.attempt(key)) > 0) throw new AppError('RATE_LIMITED');
    if (!(await verifyPassword(user.password_hash, input.old_password))) {
      throw new AppError('OLD_PASSWORD_WRONG');
    }
    await this.oldPasswordFailures.reset(key);
    await secondFactor();
    const hash = await hashPassword(input.password);
    return this.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
      await this.tokens.revokeAll('user', userId, trx);
      return { token: await this.tokens.issue('user', userId, trx) };
    });
  }

  async updateProfile(userId: string, input: ProfileRequest): Promise<User> {
    const changes: { nickname?: string; avatar?: string } = {};
    if (input.nickname !== undefined) changes.nickname = input.nickname;
    if (input.avatar !== undefined) changes.avatar = input.avatar;
    if (Object.keys(changes).length > 0) {
      await this.db.updateTable('users').set(changes).where('id', '=', userId).execute();
    }
    return this.info(userId);
  }

  /**
   * Binds an e-mail or phone, or replaces the one of that kind (ADR 200): the new address proves
   * itself with a "bind" code; a replaced address must agree with a "security" code sent to it, so
   * a stolen session cannot move the account's recovery address on its own. Both codes are
   * checked before anything changes and used up in the one transaction that changes the row.
   */
  async bind(userId: string, input: BindRequest, secondFactor: SecondFactor = noSecondFactor): Promise<User> {
    const user = await findUserById(this.db, userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    const target = targetOf(input.type, input.account, input.area_code);
    const current = input.type === 'email' ? user.email : user.phone;
    const currentTarget =
      current === null
        ? undefined
        : targetOf(input.type, current, input.type === 'phone' ? user.area_code : null);
    if (currentTarget?.key === target.key) throw new AppError('BIND_SAME_ADDRESS');
    if (currentTarget && input.old_code === undefined) throw new AppError('BIND_OLD_CODE_REQUIRED');
    const newCodeId = await this.codes.verify([target], 'bind', input.code);
    const oldCodeId =
      currentTarget && input.old_code !== undefined
        ? await this.codes.verify([currentTarget], 'security', input.old_code)
        : undefined;
    // Only the holder of the new address gets here, so "taken" tells them nothing new (ADR 102).
    const owner = await findUserByTarget(this.db, target);
    if (owner && owner.id !== userId) throw new AppError('ACCOUNT_EXISTS');
    await secondFactor();
    const changes =
      target.channel === 'email'
        ? { email: target.address }
        : { phone: input.account, area_code: input.area_code ?? null };
    try {
      await this.db.transaction().execute(async (trx) => {
        await this.codes.consume(newCodeId, trx);
        if (oldCodeId !== undefined) await this.codes.consume(oldCodeId, trx);
        await trx.updateTable('users').set(changes).where('id', '=', userId).execute();
      });
    } catch (error) {
      // Checked above outside the transaction; the unique index decides a race for the address.
      if (isUniqueViolation(error)) throw new AppError('ACCOUNT_EXISTS');
      throw error;
    }
    return this.info(userId);
  }

  /** Operator action: the account can no longer log in and every session ends (411). */
  async ban(userId: string): Promise<void> {
    const user = await findUserById(this.db, userId);
    if (!user) throw new AppError('NOT_FOUND');
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ banned_at: String(this.clock.now()) })
        .where('id', '=', userId)
        .where('banned_at', 'is', null)
        .execute();
      await this.tokens.revokeAll('user', userId, trx);
    });
  }
}
