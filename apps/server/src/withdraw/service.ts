import { randomUUID } from 'node:crypto';
import {
  type AdminWithdrawal,
  decimalToUnits,
  type Page,
  unitsToDecimal,
  type Withdrawal,
  type WithdrawalQuery,
  type WithdrawRequest,
} from '@ex/contract';
import { ResultCode } from '@ex/core';
import { FailureLimiter } from '../account/limiter.ts';
import { verifyPassword } from '../account/passwords.ts';
import { decodeAddress } from '../chain/address.ts';
import type { ChainPort } from '../chain/port.ts';
import type { ChainDb, WithdrawalRow } from '../chain/tables.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { fetchPage } from '../db/page.ts';
import { ASSETS } from '../engine/config.ts';
import { refusal } from '../engine/errors.ts';
import type { IdempotencyClaim, IdempotencyGate } from '../engine/idempotency.ts';
import type { EnginePort } from '../engine/port.ts';
import { Mutex } from '../exchange/money.ts';
import { requireWithdrawalGates } from '../gates/index.ts';
import { AppError } from '../http/errors.ts';

/** Wrong trade passwords per user before withdrawing is locked, and for how long. */
export const TRADE_PASSWORD_FAILURES = 5;
export const TRADE_PASSWORD_LOCK_MS = 15 * 60_000;
/** A payout still unknown to the chain this long after its broadcast has expired: refunded. */
export const PAYOUT_EXPIRY_MS = 10 * 60_000;

/**
 * What the account domain adds after the trade password (ADR 205): the address book's allow list,
 * the hold after it was turned off, and the second factor once 2FA is on. Throws to refuse.
 */
export type WithdrawGuard = (userId: string, body: WithdrawRequest) => Promise<void>;

function toWithdrawal(r: WithdrawalRow): Withdrawal {
  const scale = ASSETS[r.coin]!;
  const amount = BigInt(r.amount);
  const fee = BigInt(r.fee);
  return {
    id: r.id,
    coin: r.coin,
    network: r.network,
    address: r.address,
    amount: unitsToDecimal(amount, scale),
    fee: unitsToDecimal(fee, scale),
    receive_amount: unitsToDecimal(amount - fee, scale),
    // 'pending' rows never leave the service (lists filter them out).
    status: r.status === 'pending' ? 'under_review' : r.status,
    txid: r.txid,
    reason: r.reason,
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
  };
}

export class WithdrawService {
  /** Serialises every state change of withdrawals in this process (the engine is single-writer too). */
  private readonly mutex = new Mutex();
  private readonly limiter: FailureLimiter;

  constructor(
    private readonly db: Db,
    private readonly cdb: ChainDb,
    private readonly host: EnginePort,
    private readonly gate: IdempotencyGate,
    private readonly chain: ChainPort,
    private readonly clock: Clock,
    private readonly config: Config,
    private readonly log: (message: string) => void = () => {},
    private readonly guard: WithdrawGuard = async () => {},
  ) {
    this.limiter = new FailureLimiter(
      db,
      clock,
      'trade-password',
      TRADE_PASSWORD_FAILURES,
      TRADE_PASSWORD_LOCK_MS,
    );
  }

  /**
   * Checks in the order a user can fix them: the input (422s), the gates (KYC, trade password set,
   * bank card), then the trade password with an attempt limit, then the guard (address book and
   * 2FA, ADR 205); only then the engine freezes
   * amount (fee included). Every refusal changes nothing.
   */
  async request(
    userId: string,
    body: WithdrawRequest,
    claim: IdempotencyClaim | undefined,
  ): Promise<Withdrawal> {
    const rule = this.config.withdraw.find((w) => w.coin === body.coin && w.network === body.network);
    const scale = ASSETS[body.coin];
    if (rule === undefined || scale === undefined) {
      throw new AppError('VALIDATION', undefined, { coin: ['validation.invalid_value'] });
    }
    const fields: Record<string, string[]> = {};
    let params: Record<string, string> | undefined;
    if (decodeAddress(body.address) === null) fields.address = ['validation.tron_address'];
    const amount = decimalToUnits(body.amount, scale);
    const fee = decimalToUnits(rule.fee, scale);
    const min = decimalToUnits(rule.min, scale);
    const max = decimalToUnits(rule.max, scale);
    // The address must receive something: the least amount is above the fee whatever min says.
    const least = min > fee ? min : fee + 1n;
    if (amount < least) {
      fields.amount = ['validation.decimal_min'];
      params = { min: unitsToDecimal(least, scale).replace(/\.?0+$/, '') };
    } else if (amount > max) {
      fields.amount = ['validation.decimal_max'];
      params = { max: rule.max };
    }
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', params, fields);

    await requireWithdrawalGates(this.db, userId);
    await this.checkTradePassword(userId, body.trade_password);
    await this.guard(userId, body);

    return this.gate.run(
      claim,
      () => this.freeze(userId, body, amount, fee, claim),
      (ref) => this.byId(userId, ref),
    );
  }

  private async checkTradePassword(userId: string, password: string): Promise<void> {
    // Counted before the ~50 ms hash check, so parallel guesses cannot all pass a lock that is
    // only set after their checks (issue 7 item 6); a right password takes the count back.
    const locked = await this.limiter.attempt(userId);
    if (locked > 0) throw new AppError('TRADE_PASSWORD_LOCKED', { minutes: Math.ceil(locked / 60_000) });
    const user = await this.db
      .selectFrom('users')
      .select('trade_password_hash')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user?.trade_password_hash || !(await verifyPassword(user.trade_password_hash, password))) {
      throw new AppError('TRADE_PASSWORD_WRONG');
    }
    await this.limiter.reset(userId);
  }

  private freeze(
    userId: string,
    body: WithdrawRequest,
    amount: bigint,
    fee: bigint,
    claim: IdempotencyClaim | undefined,
  ): Promise<Withdrawal> {
    return this.mutex.run(async () => {
      const id = randomUUID();
      const now = String(this.clock.now());
      // Written first as 'pending' so a crash after the freeze still finds its withdrawal (recover()).
      await this.cdb
        .insertInto('withdrawals')
        .values({
          id,
          user_id: userId,
          coin: body.coin,
          network: body.network,
          address: body.address,
          amount: amount.toString(),
          fee: fee.toString(),
          status: 'pending',
          txid: null,
          reason: null,
          reviewed_by: null,
          reviewed_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      let r: Awaited<ReturnType<EnginePort['submit']>>;
      try {
        r = await this.host.submit(
          {
            type: 'withdrawRequest',
            id,
            userId,
            asset: body.coin,
            amount: amount - fee,
            fee,
          },
          claim ? { idempotency: claim } : undefined,
        );
      } catch (error) {
        await this.cdb.deleteFrom('withdrawals').where('id', '=', id).execute();
        throw error;
      }
      if (r.code !== ResultCode.OK) {
        await this.cdb.deleteFrom('withdrawals').where('id', '=', id).execute();
        throw r.code === ResultCode.LEDGER_INSUFFICIENT_AVAILABLE
          ? new AppError('INSUFFICIENT_BALANCE')
          : refusal(r.code);
      }
      const row = await this.cdb
        .updateTable('withdrawals')
        .set({ status: 'under_review' })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toWithdrawal(row);
    });
  }

  private async byId(userId: string, id: string): Promise<Withdrawal> {
    const row = await this.cdb
      .selectFrom('withdrawals')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (row === undefined) throw new AppError('NOT_FOUND');
    return toWithdrawal(row);
  }

  async list(userId: string, q: WithdrawalQuery): Promise<Page<Withdrawal>> {
    const { rows, total } = await fetchPage(this.listed(q).where('user_id', '=', userId), q, (b) =>
      b.selectAll().orderBy('seq', 'desc'),
    );
    return { list: rows.map(toWithdrawal), total, page: q.page, limit: q.limit };
  }

  /** Withdrawals a list may show ('pending' rows never leave the service), by status. */
  private listed(q: WithdrawalQuery) {
    const base = this.cdb.selectFrom('withdrawals').where('status', '<>', 'pending');
    return q.status !== undefined && q.status.length > 0 ? base.where('status', 'in', q.status) : base;
  }

  async adminList(q: WithdrawalQuery): Promise<Page<AdminWithdrawal>> {
    const { rows, total } = await fetchPage(this.listed(q), q, (b) => b.selectAll().orderBy('seq', 'desc'));
    const ids = [...new Set(rows.map((r) => r.user_id))];
    const users =
      ids.length === 0
        ? []
        : await this.db
            .selectFrom('users')
            .select(['id', 'email', 'phone', 'area_code'])
            .where('id', 'in', ids)
            .execute();
    const account = new Map(
      users.map((u) => [
        String(u.id),
        u.email ?? (u.phone ? `${u.area_code ?? ''} ${u.phone}`.trim() : null),
      ]),
    );
    return {
      list: rows.map((r) => this.toAdmin(r, account.get(r.user_id) ?? null)),
      total,
      page: q.page,
      limit: q.limit,
    };
  }

  private toAdmin(r: WithdrawalRow, userAccount: string | null): AdminWithdrawal {
    return {
      ...toWithdrawal(r),
      user_id: r.user_id,
      user_account: userAccount,
      reviewed_at: r.reviewed_at === null ? null : Number(r.reviewed_at),
    };
  }

  private async adminById(id: string): Promise<AdminWithdrawal> {
    const row = await this.cdb.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
    if (row === undefined || row.status === 'pending') throw new AppError('NOT_FOUND');
    const user = await this.db
      .selectFrom('users')
      .select(['email', 'phone'])
      .where('id', '=', row.user_id)
      .executeTakeFirst();
    return this.toAdmin(row, user?.email ?? user?.phone ?? null);
  }

  /** Only `under_review` moves on; anything else is already decided (409), unknown ids 404. */
  private async claimReview(
    id: string,
    adminId: string,
    next: { status: 'completed' } | { status: 'review_failed'; reason: string },
  ): Promise<void> {
    const now = String(this.clock.now());
    const r = await this.cdb
      .updateTable('withdrawals')
      .set({
        status: next.status,
        reason: next.status === 'review_failed' ? next.reason : null,
        reviewed_by: adminId,
        reviewed_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('status', '=', 'under_review')
      .executeTakeFirst();
    if (r.numUpdatedRows === 0n) {
      const exists = await this.cdb
        .selectFrom('withdrawals')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst();
      throw exists === undefined || exists.status === 'pending'
        ? new AppError('NOT_FOUND')
        : new AppError('WITHDRAWAL_ALREADY_REVIEWED');
    }
  }

  /** Approve: broadcast the payout from the hot wallet; on the simulated chain it confirms at once. */
  approve(id: string, adminId: string): Promise<AdminWithdrawal> {
    return this.mutex.run(async () => {
      await this.claimReview(id, adminId, { status: 'completed' });
      await this.advance(id);
      return this.adminById(id);
    });
  }

  /** Reject: the frozen amount and fee go back; the user sees the reason. */
  reject(id: string, adminId: string, reason: string): Promise<AdminWithdrawal> {
    return this.mutex.run(async () => {
      await this.claimReview(id, adminId, { status: 'review_failed', reason });
      await this.finishEngine(id);
      return this.adminById(id);
    });
  }

  /**
   * Moves one withdrawal as far as it can go: completed -> paying (prepare, store txid, broadcast),
   * paying -> success/failed by the chain's answer, then the engine's settle or refund. Safe to call
   * again at any point (the watcher does after errors and restarts).
   */
  private async advance(id: string): Promise<void> {
    let row = await this.cdb
      .selectFrom('withdrawals')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (row.status === 'completed') {
      const payout = await this.chain.prepare(row.address, BigInt(row.amount) - BigInt(row.fee));
      row = await this.cdb
        .updateTable('withdrawals')
        .set({ status: 'paying', txid: payout.txid, updated_at: String(this.clock.now()) })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      try {
        await payout.broadcast();
      } catch (error) {
        // Left 'paying': if the node never got it the tx expires and the watcher refunds it.
        this.log(`withdrawal ${id}: broadcast failed: ${String(error)}`);
        return;
      }
    }
    if (row.status === 'paying' && row.txid !== null) {
      const status = await this.chain.status(row.txid);
      const expired = this.clock.now() - Number(row.updated_at) > PAYOUT_EXPIRY_MS;
      if (status === 'confirmed' || status === 'failed' || expired) {
        row = await this.cdb
          .updateTable('withdrawals')
          .set({
            status: status === 'confirmed' ? 'success' : 'failed',
            updated_at: String(this.clock.now()),
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
      }
    }
    if (row.status === 'success' || row.status === 'failed' || row.status === 'review_failed') {
      await this.finishEngine(id);
    }
  }

  /** The terminal engine command, once: settle on success, refund otherwise. */
  private async finishEngine(id: string): Promise<void> {
    const row = await this.cdb
      .selectFrom('withdrawals')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (row.engine_done) return;
    const settle = row.status === 'success';
    const r = await this.host.submit({
      type: settle ? 'withdrawSettle' : 'withdrawRefund',
      id,
    });
    // UNKNOWN_WITHDRAWAL: it was finished before a crash lost the flag.
    if (r.code !== ResultCode.OK && r.code !== ResultCode.ENGINE_UNKNOWN_WITHDRAWAL) throw refusal(r.code);
    await this.cdb
      .updateTable('withdrawals')
      .set({ engine_done: true, updated_at: String(this.clock.now()) })
      .where('id', '=', id)
      .execute();
  }

  /**
   * After a restart or a chain error: pending rows become under_review when the engine froze their
   * funds (a ledger entry with their id) or vanish; decided rows move on. Run by the watcher.
   */
  recover(): Promise<void> {
    return this.mutex.run(async () => {
      const pending = await this.cdb
        .selectFrom('withdrawals')
        .select('id')
        .where('status', '=', 'pending')
        .execute();
      for (const p of pending) {
        const frozen = await this.db
          .withTables<{ ledger_entries: { ref_id: string; type: string } }>()
          .selectFrom('ledger_entries')
          .select('ref_id')
          .where('ref_id', '=', p.id)
          .where('type', '=', 'withdraw')
          .executeTakeFirst();
        if (frozen)
          await this.cdb
            .updateTable('withdrawals')
            .set({ status: 'under_review' })
            .where('id', '=', p.id)
            .execute();
        else await this.cdb.deleteFrom('withdrawals').where('id', '=', p.id).execute();
      }
      const open = await this.cdb
        .selectFrom('withdrawals')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('status', 'in', ['completed', 'paying']),
            eb.and([
              eb('status', 'in', ['success', 'failed', 'review_failed']),
              eb('engine_done', '=', false),
            ]),
          ]),
        )
        .orderBy('seq')
        .execute();
      for (const o of open) {
        try {
          await this.advance(o.id);
        } catch (error) {
          this.log(`withdrawal ${o.id}: ${String(error)}`);
        }
      }
    });
  }
}
