import { randomBytes } from 'node:crypto';
import type { DeleteAccountRequest } from '@ex/contract';
import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import type { EnginePort } from '../engine/port.ts';
import { AppError } from '../http/errors.ts';
import { FailureLimiter } from './limiter.ts';
import { verifyPassword } from './passwords.ts';
import { findUserById, toUser } from './queries.ts';
import type { TokenStore } from './tokens.ts';
import type { TotpService } from './totp.ts';

// Data export and closing the account (issue 12 item 7, ADR 207).

const OPEN_ORDER_STATUSES = ['open', 'partially_filled'];
const WRONG_PASSWORDS = 5;
const WRONG_PASSWORDS_LOCK_MS = 15 * 60_000;

async function rows(db: Db, query: ReturnType<typeof sql<Record<string, unknown>>>) {
  return (await query.execute(db)).rows;
}

export class PrivacyService {
  private readonly failures: FailureLimiter;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly tokens: TokenStore,
    private readonly totp: TotpService,
    private readonly engine: EnginePort,
  ) {
    this.failures = new FailureLimiter(db, clock, 'account-delete', WRONG_PASSWORDS, WRONG_PASSWORDS_LOCK_MS);
  }

  /** Non-zero ledger accounts (available or frozen) of the user, straight from the engine. */
  private nonEmptyAccounts(userId: string): string[] {
    const prefix = `${userId}/`;
    return this.engine.engine.ledger
      .accounts()
      .filter(([key, b]) => key.startsWith(prefix) && (b.available !== 0n || b.frozen !== 0n))
      .map(([key]) => key);
  }

  /**
   * Everything the exchange keeps about the caller, as one JSON document (GDPR art. 15/20). Amounts
   * of orders, trades, deposits, withdrawals and transfers are integers in the asset's smallest unit
   * as stored (see `units`); balances are decimals as the app shows them.
   */
  async export(userId: string, balances: unknown): Promise<Record<string, unknown>> {
    const user = await findUserById(this.db, userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    const [orders, trades, deposits, withdrawals, transfers, logins, apiKeys, addresses] = await Promise.all([
      rows(this.db, sql`select * from orders where user_id = ${userId} order by created_at`),
      rows(
        this.db,
        sql`select public_id as id, market, price, qty, taker_side, value, ts,
              case when buyer_id = ${userId} then 'buy' else 'sell' end as my_side,
              case when buyer_id = ${userId} then buyer_fee else seller_fee end as my_fee
            from trades where buyer_id = ${userId} or seller_id = ${userId} order by seq`,
      ),
      rows(
        this.db,
        sql`select id, txid, coin, network, address, amount, status, created_at
            from chain_deposits where user_id = ${userId} order by seq`,
      ),
      rows(
        this.db,
        sql`select id, coin, network, address, amount, fee, status, txid, reason, created_at, updated_at
            from withdrawals where user_id = ${userId} and status <> 'pending' order by seq`,
      ),
      rows(this.db, sql`select * from transfers where user_id = ${userId} order by created_at`),
      rows(
        this.db,
        sql`select device, ip, user_agent, new_device, created_at
            from login_history where user_id = ${userId} order by id`,
      ),
      rows(
        this.db,
        sql`select id, label, api_key, permissions, ip_allow, expires_at, last_used_at, created_at, deleted_at
            from api_keys where user_id = ${userId} order by id`,
      ),
      rows(
        this.db,
        sql`select coin, network, address, label, created_at from withdraw_addresses
            where user_id = ${userId} order by id`,
      ),
    ]);
    return {
      exported_at: this.clock.now(),
      units:
        'Times are milliseconds since 1970 (UTC). Amounts outside "balances" are integers in the ' +
        "asset's smallest unit (USDC: 6 decimals).",
      profile: toUser(user),
      balances,
      orders,
      trades,
      deposits,
      withdrawals,
      transfers,
      logins,
      api_keys: apiKeys,
      withdrawal_addresses: addresses,
    };
  }

  /**
   * Closes the account (ADR 207): only with every balance at zero, no open order and no position;
   * the password, then the second factor once 2FA is on. The row stays (the ledger and trades
   * point at it) but loses everything that identifies the person; every token ends (411).
   */
  async delete(userId: string, body: DeleteAccountRequest): Promise<void> {
    const user = await findUserById(this.db, userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    const key = `delete:${userId}`;
    if ((await this.failures.attempt(key)) > 0) throw new AppError('RATE_LIMITED');
    if (!(await verifyPassword(user.password_hash, body.password))) throw new AppError('OLD_PASSWORD_WRONG');
    await this.failures.reset(key);
    const open = await rows(
      this.db,
      sql`select 1 from orders where user_id = ${userId} and status in (${sql.join(OPEN_ORDER_STATUSES)}) limit 1`,
    );
    const positions = this.engine.engine.perp.positionsOf(userId);
    if (this.nonEmptyAccounts(userId).length > 0 || open.length > 0 || positions.length > 0) {
      throw new AppError('ACCOUNT_NOT_EMPTY');
    }
    await this.totp.verifyIfEnabled(userId, body.totp_code);
    const now = String(this.clock.now());
    await this.db.transaction().execute(async (trx) => {
      // Nothing that identifies the person is left; the id, invite code and created_at stay so
      // the ledger, trades and invitations still add up. The table needs an e-mail or a phone:
      // a placeholder under .invalid (RFC 2606), which no mail can reach and nobody can register.
      await sql`
        update users set email = ${`closed-${userId}@closed.invalid`}, phone = null, area_code = null,
          nickname = ${'closed account'}, avatar = null,
          password_hash = ${`!closed:${randomBytes(16).toString('hex')}`},
          trade_password_hash = null, totp_secret = null, totp_pending_secret = null,
          totp_enabled_at = null, anti_phishing_code = null, withdraw_allowlist = false,
          banned_at = coalesce(banned_at, ${now}::int8), deleted_at = ${now}::int8
        where id = ${userId}`.execute(trx);
      await sql`delete from user_recovery_codes where user_id = ${userId}`.execute(trx);
      await sql`delete from withdraw_addresses where user_id = ${userId}`.execute(trx);
      await sql`delete from login_history where user_id = ${userId}`.execute(trx);
      await sql`update api_keys set deleted_at = ${now}::int8 where user_id = ${userId} and deleted_at is null`.execute(
        trx,
      );
      await sql`update tokens set device = null, ip = null, user_agent = null
        where kind = 'user' and subject_id = ${userId}`.execute(trx);
      await this.tokens.revokeAll('user', userId, trx);
    });
  }
}
